/**
 * The Redis gating of the test suite (test/api/support/redis-gate.ts), run as a user would: vitest in a
 * child process on the rate-limit tests. Without PAYROLL_TEST_REDIS_URL a run claims an empty database
 * number of its own and flushes it at its end; with an unreachable one the Redis cases are skipped,
 * counted as skipped with the reason, and the run passes outside CI, fails in CI, whether PostgreSQL
 * answers or not. A db a killed run claimed is taken over; a live run's never.
 */
import { Redis } from 'ioredis';
import { describe, expect, inject, it } from 'vitest';
import { closedPort } from './support/closed-port.ts';
import { describeUnless } from './support/databases.ts';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { CLAIM_KEY, claimFreeDatabase, claimIsStale, claimOwner } from './support/redis-gate.ts';
import { CHILD_RUN_TIMEOUT_MS, failuresOf, runVitest } from './support/run-vitest.ts';

const REDIS_URL = inject('redisTestUrl');
const POSTGRES_URL = inject('postgresTestUrl');

/** The server of this run's Redis, without a database number. */
function serverOf(url: string): string {
  const u = new URL(url);
  u.pathname = '';
  return u.toString();
}

const runRateLimitTests = (env: Record<string, string>) => runVitest('test/api/rate-limit.test.ts', env);

/** The skipped tests the verbose reporter lists, each with its reason in its name (any service's). */
const skippedLines = (lines: string[]) => lines.filter((l) => l.includes(' [skipped: '));

/** The pid of a process that has ended. */
const deadPid = () => spawnSync('true').pid;

describe('a claim left by a run', () => {
  it('is stale when it names a process of this machine that no longer runs, never otherwise', () => {
    const dead = deadPid();
    expect(claimIsStale(claimOwner(dead))).toBe(true);
    expect(claimIsStale(`pid ${dead}`)).toBe(true);
    expect(claimIsStale(claimOwner(process.pid))).toBe(false);
    expect(claimIsStale(`pid ${dead} on another-machine-than-${hostname()}`)).toBe(false);
    expect(claimIsStale('redis-gate test 1')).toBe(false);
    expect(claimIsStale(null)).toBe(false);
  });
});

describeUnless(REDIS_URL ? null : inject('redisSkipReason'), 'a run without PAYROLL_TEST_REDIS_URL', () => {
  it('claims an empty database number other than 0, never one another run has claimed', async () => {
    const client = new Redis(serverOf(REDIS_URL!));
    try {
      const first = await claimFreeDatabase(client, 'redis-gate test 1');
      const second = await claimFreeDatabase(client, 'redis-gate test 2');
      expect(first).not.toBeNull();
      expect(second).not.toBeNull();
      expect(second).not.toBe(first);
      expect(Math.min(first!, second!)).toBeGreaterThan(0);
      for (const [db, owner] of [
        [first!, 'redis-gate test 1'],
        [second!, 'redis-gate test 2'],
      ] as const) {
        await client.select(db);
        expect(await client.get(CLAIM_KEY)).toBe(owner);
        await client.flushdb();
      }
    } finally {
      client.disconnect();
    }
  });

  it('takes over a db whose claim is stale, flushing what the killed run left, and leaves a live claim alone', async () => {
    const client = new Redis(serverOf(REDIS_URL!));
    const claimed: number[] = [];
    try {
      const live = await claimFreeDatabase(client, claimOwner(process.pid));
      const stale = await claimFreeDatabase(client, claimOwner(deadPid()));
      claimed.push(live!, stale!);
      await client.select(stale!);
      await client.set('left-by-the-killed-run', '1');
      const taken = await claimFreeDatabase(client, 'redis-gate test 3');
      claimed.push(taken!);
      expect([live, stale]).not.toContain(null);
      // The highest empty or stale db: the stale one, unless a concurrent run freed one above it meanwhile.
      if (taken === stale) {
        await client.select(stale!);
        expect(await client.get('left-by-the-killed-run')).toBeNull();
        expect(await client.get(CLAIM_KEY)).toBe('redis-gate test 3');
      } else {
        expect(taken).toBeGreaterThan(stale!);
      }
      await client.select(live!);
      expect(await client.get(CLAIM_KEY)).toBe(claimOwner(process.pid));
    } finally {
      for (const db of claimed) {
        await client.select(db);
        await client.flushdb();
      }
      client.disconnect();
    }
  });

  it(
    'runs the Redis cases in the claimed database and flushes it at its end',
    async () => {
      const server = serverOf(REDIS_URL!);
      const { status, lines } = runRateLimitTests({ PAYROLL_TEST_REDIS_URL: '', PAYROLL_TEST_REDIS_SERVER_URL: server });
      const announced = lines.map((l) => /^Redis tests use database (\d+) of /.exec(l)).find(Boolean);
      expect(announced, lines.join('\n')).toBeTruthy();
      expect(lines.some((l) => l.includes('rate limit (sqlite store, redis backend)') && !l.includes('skipped'))).toBe(true);
      expect(status, failuresOf(lines)).toBe(0);
      const client = new Redis(server, { db: Number(announced![1]) });
      try {
        expect(await client.dbsize()).toBe(0);
      } finally {
        client.disconnect();
      }
    },
    CHILD_RUN_TIMEOUT_MS,
  );
});

// PostgreSQL as this run has it, and absent: the gate of one must not depend on the other.
const POSTGRES_CASES = [
  ['with PostgreSQL as in this run', {}],
  ['with no PostgreSQL answering', { PAYROLL_TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' }],
] as const;

describe('a run whose Redis does not answer', () => {
  it.each(POSTGRES_CASES)(
    'skips the Redis cases outside CI with one line saying how to run them, counts them as skipped, and passes (%s)',
    async (_, postgres) => {
      const port = await closedPort();
      const { status, lines } = runRateLimitTests({ ...postgres, PAYROLL_TEST_REDIS_URL: `redis://127.0.0.1:${port}/3` });
      const said = lines.filter((l) => l.startsWith('Redis tests skipped'));
      expect(said).toEqual([
        `Redis tests skipped: no Redis answers at redis://127.0.0.1:${port}/3 (connect ECONNREFUSED 127.0.0.1:${port}). To run them, start redis-server there or set PAYROLL_TEST_REDIS_URL=redis://HOST:PORT/DB (CI=true makes them required).`,
      ]);
      const skipped = lines.filter((l) =>
        l.includes(`rate limit (sqlite store, redis backend) [skipped: no Redis at redis://127.0.0.1:${port}/3]`),
      );
      expect(skipped.length).toBeGreaterThan(0);
      expect(lines.find((l) => /^\s*Tests\s/.test(l))).toMatch(new RegExp(`\\d+ passed \\| (${skippedLines(lines).length}) skipped`));
      expect(status, failuresOf(lines)).toBe(0);
    },
    CHILD_RUN_TIMEOUT_MS,
  );

  // The child's PostgreSQL must answer, or its PostgreSQL gate fails the CI run first.
  it.runIf(POSTGRES_URL)(
    'fails the run in CI (CI=true) instead of skipping',
    async () => {
      const port = await closedPort();
      const { status, lines } = runRateLimitTests({
        CI: 'true',
        PAYROLL_TEST_DATABASE_URL: POSTGRES_URL!,
        PAYROLL_TEST_REDIS_URL: `redis://127.0.0.1:${port}/3`,
      });
      expect(lines.some((l) => l.startsWith('Redis tests skipped'))).toBe(false);
      expect(lines.some((l) => l.includes('Redis tests are required in CI (CI=true) but no Redis answers at redis://127.0.0.1:'))).toBe(
        true,
      );
      expect(status).not.toBe(0);
    },
    CHILD_RUN_TIMEOUT_MS,
  );
});
