/**
 * Start-up time: from spawning the server to its first answered request (GET /healthz 200), median of
 * several runs, each on a fresh SQLite file; then SIGTERM and the exit code. Reports figures, asserts
 * nothing (docs/performance.md keeps them).
 *
 *   npm run measure:startup -- [--runs 5] [--command "npm start"]
 *
 * The default command is what `npm start` runs (node dist/main.js: build it first with npm run build);
 * `--command "npm start"` adds npm's own start-up (its CPU figure is then npm's, not the server's).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..');

/** A port free at the time of asking (listen on 0, note it, close). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** CPU time (user + system) a process has used so far, from Linux's /proc (clock ticks of 10 ms): on a
 * loaded machine wall time mostly measures waiting for a core; CPU time is what start-up costs. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function once(command: string): Promise<{ ms: number; cpuMs?: number; exitCode: number | null }> {
  const dir = mkdtempSync(join(tmpdir(), 'startup-'));
  const port = await freePort();
  const started = performance.now();
  const [file, ...args] = command.split(' ');
  const child = spawn(file, args, {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PAYROLL_DB: join(dir, 'p.sqlite'),
      PAYROLL_DATABASE_URL: '',
      PAYROLL_WORKERS: process.env.PAYROLL_WORKERS ?? '1',
    },
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode} before answering`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const ms = performance.now() - started;
    const cpu = cpuMs(child.pid);
    child.kill('SIGTERM');
    return { ms, cpuMs: cpu, exitCode: await exited };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureStartup(
  command: string,
  runs: number,
): Promise<{ medianMs: number; medianCpuMs?: number; runsMs: number[]; exitCodes: (number | null)[] }> {
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await once(command));
  const cpu = results.map((r) => r.cpuMs).filter((c): c is number => c !== undefined);
  return {
    medianMs: median(results.map((r) => r.ms)),
    medianCpuMs: cpu.length ? median(cpu) : undefined,
    runsMs: results.map((r) => Math.round(r.ms)),
    exitCodes: results.map((r) => r.exitCode),
  };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '5' }, command: { type: 'string', default: 'node dist/main.js' } },
  });
  // the machine may be shared: the load average says how much the wall figures waited for a core
  const loadBefore = loadavg()[0].toFixed(2);
  const result = await measureStartup(values.command!, Number(values.runs));
  process.stdout.write(
    `${values.command}: start-up to first answered request, median ${Math.round(result.medianMs)} ms over ${values.runs} runs (${result.runsMs.join(', ')} ms); CPU of the spawned process until then, median ${result.medianCpuMs ?? 'n/a'} ms; exit codes after SIGTERM: ${result.exitCodes.join(', ')}; load average ${loadBefore} -> ${loadavg()[0].toFixed(2)}\n`,
  );
}
