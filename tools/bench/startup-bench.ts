/**
 * Start-up: spawn of `npm start`'s command to its first answered request (GET /v1/masters/tax-tables,
 * refused 401: an API route, so the routes made at first use count), on a fresh store each run; with
 * the server's CPU time until then, the fair figure on a shared machine (wall time there mostly
 * measures the wait for a core), and the load average it ran at.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv } from './http-bench.ts';
import { startCommand, startServerProcess } from './server-process.ts';
import { fmt, median } from './stats.ts';

/** The start-up section's report and its median (ms) from spawn to the first answer. */
export async function benchStartup(runs: number): Promise<{ text: string; figures: { medianMs: number } }> {
  const times: number[] = [];
  const cpu: number[] = [];
  const loadBefore = loadavg()[0];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-start-'));
    try {
      const server = await startServerProcess(benchEnv(dir));
      times.push(server.startMs);
      cpu.push(server.cpu().allMs);
      await server.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const text = [
    `## Start-up (\`${startCommand()}\`, spawn to first answered request, fresh SQLite store)`,
    `median of ${runs}: ${fmt(median(times))} ms (each run: ${times.map((t) => fmt(t)).join(', ')} ms)`,
    `server CPU until then, median: ${fmt(median(cpu))} ms (each run: ${cpu.map((t) => fmt(t)).join(', ')} ms); load average ${loadBefore.toFixed(2)} -> ${loadavg()[0].toFixed(2)}`,
  ].join('\n');
  return { text, figures: { medianMs: median(times) } };
}
