/**
 * Vitest global setup: the Redis the shared rate-limit tests use, decided once per run.
 *
 * - PAYROLL_TEST_REDIS_URL set: that URL, as it is (the tests write under a random key prefix per run
 *   and flush nothing).
 * - unset: a database number of this run's own on redis://127.0.0.1:6379 (PAYROLL_TEST_REDIS_SERVER_URL),
 *   the highest-numbered empty one, claimed with a marker key so two runs never pick the same; it is
 *   flushed (FLUSHDB of that number only) when the run ends, or when the run is interrupted
 *   (interruption.ts). A db whose claim names a process of this machine that no longer runs (a killed
 *   run's) is flushed and taken over; a live run's claim is never touched.
 *
 * When no Redis answers, the Redis cases are skipped and counted as skipped with the reason; in CI
 * (CI=true) Redis is required and the run fails instead.
 */
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { isCi, shown } from './gate-env.ts';
import { databaseUrl, type Decision } from './gate-decision.ts';
import { processRuns } from './process-runs.ts';
import { onInterruption } from './interruption.ts';

export const DEFAULT_REDIS_SERVER_URL = 'redis://127.0.0.1:6379';
/** Set in the claimed database; an empty database without it is free. */
export const CLAIM_KEY = 'payroll-test:claimed-by';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Redis URL the rate-limit tests use, or null when their Redis cases are skipped. */
    redisTestUrl: string | null;
    /** Why the Redis cases are skipped (null when they run). */
    redisSkipReason: string | null;
  }
}

/** The socket's own error (ECONNREFUSED, ...) explains more than the "Connection is closed." a command then gets. */
const socketErrors = new WeakMap<Redis, Error>();

function connect(url: string): Redis {
  // No reconnecting and no offline queue: an absent server is an answer, not something to wait for.
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', (err: Error) => socketErrors.set(client, err));
  return client;
}

function errorText(err: unknown, client?: Redis): string {
  const cause = (client && socketErrors.get(client)) ?? err;
  return cause instanceof Error ? cause.message || String(cause) : String(cause);
}

/** How many numbered databases the server has (CONFIG may be renamed away: Redis' default then). */
async function databaseCount(client: Redis): Promise<number> {
  try {
    const [, value] = (await client.config('GET', 'databases')) as [string, string];
    return Number(value) || 16;
  } catch {
    return 16;
  }
}

/** The claim a run of this process writes: its pid and machine, so a later run can tell a dead owner. */
export function claimOwner(pid = process.pid, host = hostname()): string {
  return `pid ${pid} on ${host}`;
}

/**
 * Whether a claim was left by a run that has ended: it names a process of this machine (or, in the
 * older form `pid N`, any process) that no longer runs. Another machine's claim, or one in a form this
 * does not write, is never judged stale.
 */
export function claimIsStale(owner: string | null, host = hostname(), runs: (pid: number) => boolean = processRuns): boolean {
  const m = owner === null ? null : /^pid (\d+)(?: on (.+))?$/.exec(owner);
  if (!m) return false;
  if (m[2] !== undefined && m[2] !== host) return false;
  return !runs(Number(m[1]));
}

/** Flushes the selected db and claims it for `owner` only if its claim is still `stale` (atomic). */
const TAKE_OVER = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('FLUSHDB'); redis.call('SET', KEYS[1], ARGV[2]); return 1 end return 0`;

/**
 * Claims the highest-numbered database that is empty or whose claim is stale (db 0, where tools write
 * by default, is never taken): SET NX of the claim key decides between two runs that found the same one
 * empty, and the take-over of a stale claim is one script, so two runs never both win. Returns its number.
 */
export async function claimFreeDatabase(
  client: Redis,
  owner: string,
  isStale: (claim: string | null) => boolean = claimIsStale,
): Promise<number | null> {
  for (let db = (await databaseCount(client)) - 1; db >= 1; db--) {
    await client.select(db);
    if ((await client.dbsize()) === 0) {
      if ((await client.set(CLAIM_KEY, owner, 'NX')) === 'OK' && (await client.dbsize()) === 1) return db;
      continue;
    }
    const claim = await client.get(CLAIM_KEY);
    if (claim === null || !isStale(claim)) continue;
    if ((await client.eval(TAKE_OVER, 1, CLAIM_KEY, claim, owner)) === 1) {
      process.stdout.write(`Redis test database ${db} was claimed by a run that has ended (${claim}): flushed and taken over.\n`);
      return db;
    }
  }
  return null;
}

/** Flushes db `db` of `serverUrl` if this run's claim is still there (never another run's data). */
const FLUSH_IF_OURS = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('FLUSHDB'); return 1 end return 0`;

async function explicitRedis(url: string): Promise<Decision> {
  const client = connect(url);
  try {
    await client.connect();
    await client.ping();
    return { url, missing: null };
  } catch (err) {
    return { url: null, place: shown(url), missing: `${shown(url)} (${errorText(err, client)})` };
  } finally {
    client.disconnect();
  }
}

async function ownDatabase(serverUrl: string): Promise<Decision> {
  const client = connect(serverUrl);
  try {
    await client.connect();
    const owner = claimOwner();
    const db = await claimFreeDatabase(client, owner);
    if (db === null) return { url: null, place: shown(serverUrl), missing: `${shown(serverUrl)} (no empty database number to claim)` };
    process.stdout.write(`Redis tests use database ${db} of ${shown(serverUrl)}, claimed for this run and flushed at its end.\n`);
    const url = databaseUrl(serverUrl, db);
    const forget = onInterruption({ kind: 'redis', url, owner });
    const teardown = async () => {
      forget();
      const c = connect(url);
      try {
        await c.connect();
        await c.eval(FLUSH_IF_OURS, 1, CLAIM_KEY, owner);
      } catch (err) {
        process.stderr.write(`Redis test database ${db} not flushed: ${errorText(err, c)}\n`);
      } finally {
        c.disconnect();
      }
    };
    return { url, missing: null, teardown };
  } catch (err) {
    return { url: null, place: shown(serverUrl), missing: `${shown(serverUrl)} (${errorText(err, client)})` };
  } finally {
    client.disconnect();
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const explicit = process.env.PAYROLL_TEST_REDIS_URL;
  const decision = explicit
    ? await explicitRedis(explicit)
    : await ownDatabase(process.env.PAYROLL_TEST_REDIS_SERVER_URL || DEFAULT_REDIS_SERVER_URL);
  if (decision.url !== null) {
    project.provide('redisTestUrl', decision.url);
    project.provide('redisSkipReason', null);
    return decision.teardown;
  }
  if (isCi()) {
    throw new Error(
      `Redis tests are required in CI (CI=true) but no Redis answers at ${decision.missing}; start it or set PAYROLL_TEST_REDIS_URL.`,
    );
  }
  process.stdout.write(
    `Redis tests skipped: no Redis answers at ${decision.missing}. To run them, start redis-server there or set PAYROLL_TEST_REDIS_URL=redis://HOST:PORT/DB (CI=true makes them required).\n`,
  );
  project.provide('redisTestUrl', null);
  project.provide('redisSkipReason', `no Redis at ${decision.place}`);
  return undefined;
}
