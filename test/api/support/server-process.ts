/**
 * server/boot/main.ts (what `npm start` runs) as a real process, one server or a node:cluster primary, its
 * JSON log lines collected as they come: for the tests that need the real process (signals, reloads,
 * start-up, its own memory). spawnServer starts it and lets the test wait for lines; startServerProcess
 * also makes an account in a test database first and waits until every worker listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { TestDatabase } from './databases.ts';
import { budget, slowMachine } from '../../support/time-budget.ts';
import { ROOT } from './run-server.ts';
import { newAccount } from './test-server.ts';

export type LogLine = Record<string, unknown>;

export interface ServerProcess {
  child: ChildProcess;
  lines: LogLine[];
  /** the same lines as written (a key written twice shows only here) */
  raw: string[];
  stderr(): string;
  /** The first line (already seen or to come) that matches; rejects after ms (scaled: time-budget.ts) or when the process exits first. */
  waitFor(match: (l: LogLine) => boolean, ms: number): Promise<LogLine>;
  /** Resolves with the exit code once every line the process (and its workers) wrote is read. */
  exited: Promise<number | null>;
  /** Kills the process (SIGKILL) if it still runs. */
  kill(): void;
}

export interface ListeningServerProcess extends ServerProcess {
  url: string;
  apiKey: string;
  /** The pids of the processes that serve (the workers, or the one process). */
  servingPids: number[];
}

/**
 * The servers this test process started and that still run: killed when it ends or is told to end
 * (vitest stops its workers with SIGTERM; Ctrl-C reaches them as SIGINT), so none outlives the run.
 */
const running = new Set<ChildProcess>();
let reaping = false;

function reapOnExit(): void {
  if (reaping) return;
  reaping = true;
  const killAll = () => {
    for (const child of running) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      killAll();
      // The signal's default (the end of this process) when nobody else is listening.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
}

/** env is added to this process's environment (PORT 0, HOST 127.0.0.1, LOG_LEVEL info by default). */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/boot/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', PAYROLL_DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  reapOnExit();
  running.add(child);
  child.once('exit', () => running.delete(child));
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const waiters = new Set<{ match: (l: LogLine) => boolean; resolve: (l: LogLine) => void }>();
  let stderr = '';
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const text of parts) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as LogLine;
      raw.push(text);
      lines.push(line);
      for (const w of waiters) if (w.match(line)) w.resolve(line);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': every line the workers wrote is read by then
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    child,
    lines,
    raw,
    stderr: () => stderr,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    waitFor: (match, unscaled) =>
      new Promise((resolve, reject) => {
        const ms = budget(unscaled);
        const seen = lines.find(match);
        if (seen) return resolve(seen);
        const waiter = {
          match,
          resolve: (l: LogLine) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(l);
          },
        };
        const fail = (why: string) => {
          waiters.delete(waiter);
          reject(new Error(`${why}; stderr: ${stderr.slice(-2000)}; log: ${JSON.stringify(lines.slice(-30))}`));
        };
        const timer = setTimeout(() => fail(slowMachine('no matching log line', ms)), ms);
        waiters.add(waiter);
        void exited.then((code) => {
          if (waiters.has(waiter)) {
            clearTimeout(timer);
            fail(`exited (${code}) before the line`);
          }
        });
      }),
  };
}

/**
 * Over db (PAYROLL_DB and PAYROLL_DATABASE_URL cleared first, so only db decides the store), with an
 * account made beforehand; resolves once PAYROLL_WORKERS (default 1) processes have logged 'listening'.
 */
export async function startServerProcess(db: TestDatabase, env: Record<string, string> = {}): Promise<ListeningServerProcess> {
  const seed = await db.open();
  const { api_key: apiKey } = await newAccount(seed);
  await seed.close();
  const workers = Number(env.PAYROLL_WORKERS ?? 1);
  const server = spawnServer({ PAYROLL_DB: '', ...db.env, ...env });
  const listening = () => server.lines.filter((l) => l.msg === 'listening');
  // a cluster's primary listens through its workers: wait for the last of them
  await server.waitFor((l) => l.msg === 'listening' && listening().length >= workers, 90_000);
  return {
    ...server,
    url: `http://127.0.0.1:${listening()[0].port}`,
    apiKey,
    servingPids: listening().map((l) => l.pid as number),
  };
}
