/** Start-up: spawn of `npm start`'s command to its first answered request, on a fresh store each run. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv } from './http-bench.ts';
import { startCommand, startServerProcess } from './server-process.ts';
import { fmt, median } from './stats.ts';

export async function benchStartup(runs: number): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-start-'));
    try {
      const server = await startServerProcess(benchEnv(dir));
      times.push(server.startMs);
      await server.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return [
    `## Start-up (\`${startCommand()}\`, spawn to first answered request, fresh SQLite store)`,
    `median of ${runs}: ${fmt(median(times))} ms (each run: ${times.map((t) => fmt(t)).join(', ')} ms)`,
  ].join('\n');
}
