/**
 * What a run cost the shared backends, read from the backends themselves rather than counted in the
 * server, so that every process and worker of a run is included whatever its model (one process,
 * node:cluster workers, separate processes as separate machines would be):
 * - PostgreSQL: committed transactions of the database (pg_stat_database.xact_commit). PostgreSQL 15
 *   flushes a backend's counts when it goes idle at most once a second, and at its exit: read the
 *   "after" figure once the server's connections are closed (or after settleMs) to see all of them.
 * - Redis: round trips of the rate limiter, which are its script calls (EVALSHA, or EVAL the first
 *   time): INFO commandstats. (total_commands_processed would also count the commands each script runs
 *   inside Redis, which are no round trips.) Every client of the server counts, so a run that wants its
 *   own figure uses a Redis of its own (startPrivateRedis).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from '../bench/server-process.ts';

export async function postgresTransactions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** One short-lived connection: the figure before a run, then after it (settled), and their difference. */
export async function countTransactions<T>(
  databaseUrl: string,
  run: () => Promise<T>,
  settleMs = 1500,
): Promise<{ result: T; transactions: number }> {
  const before = await postgresTransactions(databaseUrl);
  const result = await run();
  await sleep(settleMs);
  // The two reading connections' own transactions (one each) are not the server's.
  return { result, transactions: (await postgresTransactions(databaseUrl)) - before - 1 };
}

/** Script calls (EVALSHA and EVAL) the Redis server has processed so far. */
export async function redisScriptCalls(redisUrl: string): Promise<number> {
  const { Redis } = await import('ioredis');
  const client = new Redis(redisUrl, { lazyConnect: true, enableReadyCheck: false, maxRetriesPerRequest: 1, retryStrategy: () => null });
  client.on('error', () => {}); // the rejected connect() says it
  try {
    await client.connect();
    const info = await client.info('commandstats');
    let calls = 0;
    for (const m of info.matchAll(/^cmdstat_(?:evalsha|eval):calls=(\d+)/gm)) calls += Number(m[1]);
    return calls;
  } finally {
    client.disconnect();
  }
}

export interface PrivateRedis {
  url: string;
  /** The redis-server process, for a test that freezes it (SIGSTOP) and thaws it (SIGCONT). */
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Whether redis-server can be started on this machine (tests that need their own skip without it). */
export function redisServerInstalled(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A redis-server of one's own on a free port, without persistence (never the machine's shared one). */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await redisScriptCalls(url);
      break;
    } catch (err) {
      if (i >= 100 || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`redis-server on port ${port} did not answer: ${(err as Error).message}`, { cause: err });
      }
      await sleep(50);
    }
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGCONT'); // a frozen server cannot act on SIGTERM
      child.kill('SIGTERM');
      await exited;
    },
  };
}
