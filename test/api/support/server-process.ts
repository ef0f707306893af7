/**
 * server/main.ts (what `npm start` runs) in a child process over a test database of either kind, one
 * process or a cluster (PAYROLL_WORKERS), with an account made beforehand: for the tests that need the
 * real process (signals, its own memory). Its JSON log lines are collected as they come.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { newAccount } from './test-server.ts';
import { ROOT } from './run-server.ts';
import type { TestDatabase } from './databases.ts';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  apiKey: string;
  /** The pids of the processes that serve (the workers, or the one process). */
  servingPids: number[];
  lines: Record<string, unknown>[];
  /** Resolves with the exit code once the process has exited and its output is read. */
  exited: Promise<number | null>;
  kill(): void;
}

export async function startServerProcess(db: TestDatabase, env: Record<string, string> = {}): Promise<ServerProcess> {
  const seed = await db.open();
  const { api_key: apiKey } = await newAccount(seed);
  await seed.close();
  const workers = Number(env.PAYROLL_WORKERS ?? 1);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PAYROLL_DB: '', PAYROLL_DATABASE_URL: '', LOG_LEVEL: 'info', ...db.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let stderr = '';
  let buffered = '';
  let onLine = () => {};
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const part of parts) lines.push(JSON.parse(part));
    onLine();
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': every line the workers wrote is read by then.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line within 90 s; stderr: ${stderr}`)), 90_000);
    onLine = () => {
      if (lines.filter((l) => l.msg === 'listening').length >= workers) {
        clearTimeout(timer);
        resolve();
      }
    };
    void exited.then(() => reject(new Error(`exited before listening; stderr: ${stderr}`)));
  });
  const listening = lines.filter((l) => l.msg === 'listening');
  return {
    child,
    url: `http://127.0.0.1:${listening[0].port}`,
    apiKey,
    servingPids: listening.map((l) => l.pid as number),
    lines,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
