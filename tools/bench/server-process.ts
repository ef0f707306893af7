/**
 * The server as `npm start` runs it: the `start` script of package.json, run through a shell with
 * node_modules/.bin on PATH as npm does (so the bench follows whatever start-up the project adopts),
 * in its own process group so that stopping it stops everything it started.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export const ROOT = join(import.meta.dirname, '../..');

export function startCommand(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  /** Milliseconds from spawn to the first answered HTTP request. */
  startMs: number;
  /**
   * CPU milliseconds (user + system) used so far by the server's live processes (its process group,
   * so cluster workers count too), from /proc. The delta over a run divided by its requests is the
   * server's CPU per request: fairer than req/s on a shared machine, where the server waits for a core.
   */
  cpu(): ProcessGroupCpu;
  stop(): Promise<void>;
}

/** CPU milliseconds (user + system) of a process group's live processes: all threads, and their main threads alone. */
interface ProcessGroupCpu {
  allMs: number;
  mainThreadsMs: number;
}

let ticksPerSecond: number | undefined;

/** utime + stime in clock ticks from a /proc stat line (proc(5): the 14th and 15th fields). */
function statTicks(stat: string): { pgrp: number; ticks: number } {
  // After "pid (comm) ": state ppid pgrp ... utime is the 12th field, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // exited meanwhile
  }
}

/**
 * CPU milliseconds of every live process in a process group, read from /proc (Linux): all threads, and
 * the main threads alone (each process's JavaScript and I/O; the rest is V8's helper threads, mostly the
 * optimising compiler and the concurrent GC, and libuv's pool).
 */
function processGroupCpu(pgid: number): ProcessGroupCpu {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  let all = 0;
  let main = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrUndefined(`/proc/${entry}/stat`);
    const counted = stat === undefined ? undefined : statTicks(stat);
    if (counted?.pgrp !== pgid) continue;
    all += counted.ticks;
    const mainStat = readOrUndefined(`/proc/${entry}/task/${entry}/stat`);
    if (mainStat !== undefined) main += statTicks(mainStat).ticks;
  }
  return { allMs: (all * 1000) / ticksPerSecond, mainThreadsMs: (main * 1000) / ticksPerSecond };
}

/** `command` defaults to `npm start`'s; profile-http.ts passes its own (node --cpu-prof ...). */
export async function startServerProcess(env: NodeJS.ProcessEnv, command = startCommand()): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child: ChildProcess = spawn(command, {
    cwd: ROOT,
    shell: true,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, PORT: String(port), PATH: `${join(ROOT, 'node_modules/.bin')}:${env.PATH ?? ''}` },
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  // Any HTTP answer counts (an unauthenticated GET gets its 401 as soon as the server listens).
  for (;;) {
    if (exited) throw new Error(`the server (${command}) exited before answering`);
    try {
      await fetch(`${url}/v1/masters/tax-tables`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  const startMs = performance.now() - t0;
  return {
    url,
    startMs,
    cpu: () => processGroupCpu(child.pid!),
    async stop() {
      if (exited) return;
      process.kill(-child.pid!, 'SIGTERM');
      const killer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
    },
  };
}
