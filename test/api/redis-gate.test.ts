/**
 * The Redis gating of the test suite (test/api/support/redis-gate.ts), run as a user would: vitest in a
 * child process on the rate-limit tests. Without PAYROLL_TEST_REDIS_URL a run claims an empty database
 * number of its own and flushes it at its end; with an unreachable one the Redis cases are skipped,
 * counted as skipped with the reason, and the run passes outside CI, fails in CI.
 */
import { Redis } from 'ioredis';
import { describe, expect, inject, it } from 'vitest';
import { closedPort } from './support/closed-port.ts';
import { describeUnless } from './support/databases.ts';
import { CLAIM_KEY, claimFreeDatabase } from './support/redis-gate.ts';
import { CHILD_RUN_TIMEOUT_MS, runVitest } from './support/run-vitest.ts';

const REDIS_URL = inject('redisTestUrl');
const POSTGRES_URL = inject('postgresTestUrl');

/** The server of this run's Redis, without a database number. */
function serverOf(url: string): string {
  const u = new URL(url);
  u.pathname = '';
  return u.toString();
}

const runRateLimitTests = (env: Record<string, string>) => runVitest('test/api/rate-limit.test.ts', env);

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

  it(
    'runs the Redis cases in the claimed database and flushes it at its end',
    async () => {
      const server = serverOf(REDIS_URL!);
      const { status, lines } = runRateLimitTests({ PAYROLL_TEST_REDIS_URL: '', PAYROLL_TEST_REDIS_SERVER_URL: server });
      const announced = lines.map((l) => /^Redis tests use database (\d+) of /.exec(l)).find(Boolean);
      expect(announced, lines.join('\n')).toBeTruthy();
      expect(lines.some((l) => l.includes('rate limit (sqlite store, redis backend)') && !l.includes('skipped'))).toBe(true);
      expect(status).toBe(0);
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

describe('a run whose Redis does not answer', () => {
  it(
    'skips the Redis cases outside CI with one line saying how to run them, counts them as skipped, and passes',
    async () => {
      const port = await closedPort();
      const { status, lines } = runRateLimitTests({ PAYROLL_TEST_REDIS_URL: `redis://127.0.0.1:${port}/3` });
      const said = lines.filter((l) => l.startsWith('Redis tests skipped'));
      expect(said).toEqual([
        `Redis tests skipped: no Redis answers at redis://127.0.0.1:${port}/3 (connect ECONNREFUSED 127.0.0.1:${port}). To run them, start redis-server there or set PAYROLL_TEST_REDIS_URL=redis://HOST:PORT/DB (CI=true makes them required).`,
      ]);
      const skipped = lines.filter((l) =>
        l.includes(`rate limit (sqlite store, redis backend) [skipped: no Redis at redis://127.0.0.1:${port}/3]`),
      );
      expect(skipped.length).toBeGreaterThan(0);
      expect(lines.find((l) => /^\s*Tests\s/.test(l))).toMatch(new RegExp(`\\d+ passed \\| (${skipped.length}) skipped`));
      expect(status).toBe(0);
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
