/**
 * What a run cost the shared backends, read from the backends themselves rather than counted in the
 * server, so that every process and worker of a run is included whatever its model (one process,
 * node:cluster workers, separate processes as separate machines would be):
 * - PostgreSQL: committed transactions of the database (pg_stat_database.xact_commit; background work
 *   such as autovacuum counts too). PostgreSQL 15 flushes a busy backend's figures at most once a
 *   second, an idle one's within 10 s, and at its exit: read "before" after STATS_FLUSH_MS of quiet,
 *   and "after" once the server's connections are closed.
 * - Redis: round trips of the rate limiter, which are its script calls (EVALSHA, or EVAL the first
 *   time): INFO commandstats. (total_commands_processed would also count the commands each script runs
 *   inside Redis, which are no round trips.) Every client of the server counts, so a run that wants its
 *   own figure uses a Redis of its own (startPrivateRedis).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from '../bench/server-process.ts';

/** Long enough for every idle backend to have flushed its figures (PostgreSQL 15: 10 s). */
export const STATS_FLUSH_MS = 11_000;

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
