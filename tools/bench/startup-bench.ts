/**
 * Start-up: spawn of `npm start`'s command to its first answered request (GET /v1/masters/tax-tables,
 * refused 401: an API route, past the key check), on a fresh store each run; with
 * the server's CPU time until then, the fair figure on a shared machine (wall time there mostly
 * measures the wait for a core), and the load average it ran at; in turns with a one-line node server,
 * the reference its ratio is taken to.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv } from './http-bench.ts';
import { formatRatio, pairedRatio } from './ratios.ts';
import { ONE_LINE_SERVER } from './references.ts';
import { startCommand, startServerProcess } from './server-process.ts';
import { fmt, median } from './stats.ts';

/** The start-up section's report, its median (ms) from spawn to the first answer, and its ratio to a one-line node server's. */
export async function benchStartup(
  runs: number,
): Promise<{ text: string; figures: { medianMs: number; referenceMs: number; ratio: number } }> {
  const times: number[] = [];
  const cpu: number[] = [];
  const reference: number[] = [];
  const loadBefore = loadavg()[0];
  const spawnOnce = async (command?: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-start-'));
    try {
      const server = await startServerProcess(benchEnv(dir), command);
      const cpuMs = server.cpu().allMs;
      await server.stop();
      return { ms: server.startMs, cpuMs };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // the service and the one-line server take turns (A B A B)
  for (let i = 0; i < runs; i++) {
    const s = await spawnOnce();
    times.push(s.ms);
    cpu.push(s.cpuMs);
    reference.push((await spawnOnce(ONE_LINE_SERVER)).ms);
  }
  const ratio = pairedRatio({ figure: times, reference });
  const text = [
    `## Start-up (\`${startCommand()}\`, spawn to first answered request, fresh SQLite store)`,
    `median of ${runs}: ${fmt(median(times))} ms (each run: ${times.map((t) => fmt(t)).join(', ')} ms)`,
    `a one-line node server in turns with it: ${fmt(median(reference))} ms (each run: ${reference.map((t) => fmt(t)).join(', ')} ms); ` +
      `vs one-line server: ${formatRatio(ratio)} (the median of each run's ratio)`,
    `server CPU until then, median: ${fmt(median(cpu))} ms (each run: ${cpu.map((t) => fmt(t)).join(', ')} ms); load average ${loadBefore.toFixed(2)} -> ${loadavg()[0].toFixed(2)}`,
  ].join('\n');
  return { text, figures: { medianMs: median(times), referenceMs: median(reference), ratio } };
}
