/**
 * Rate limit (decisions.md 4): per account, and per client address without a valid key; 429 with an
 * integer Retry-After >= 1; RateLimit-* headers on every answer. Where the points live: in each
 * process on the embedded store (no store write per request), in PostgreSQL when the store is
 * PostgreSQL, in Redis when PAYROLL_REDIS_URL is set; the shared ones are shared by two servers.
 */
import { randomBytes } from 'node:crypto';
import { Database } from '../../server/app/store/sqlite-driver.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AppConfig } from '../../server/app/app-deps.ts';
import { createTestDatabase, describeUnless, storeSkipReason, type TestDatabase } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { call, newAccount, startTestServer, type TestServer } from './support/test-server.ts';

/** The run's Redis (redis-gate.ts: a db of the run's own, or PAYROLL_TEST_REDIS_URL), or null with the reason. */
const REDIS_URL = inject('redisTestUrl');
const REDIS_SKIP_REASON = inject('redisSkipReason');

// 2 per second sustained, bursts up to 4.
const LIMITS: Partial<AppConfig> = { rateLimitPerSecond: 2, rateLimitBurst: 4 };

const SETUPS = [
  { name: 'sqlite store, auto backend', kind: 'sqlite' as const, config: LIMITS, shared: false, skipReason: null },
  {
    name: 'postgres store, auto backend',
    kind: 'postgres' as const,
    config: LIMITS,
    shared: true,
    skipReason: storeSkipReason('postgres'),
  },
  // A random namespace per run as well: an explicit PAYROLL_TEST_REDIS_URL may be shared with other runs.
  {
    name: 'sqlite store, redis backend',
    kind: 'sqlite' as const,
    config: { ...LIMITS, redisUrl: REDIS_URL ?? undefined, redisKeyPrefix: `test-${randomBytes(6).toString('hex')}` },
    shared: true,
    skipReason: REDIS_SKIP_REASON,
  },
];

for (const { name, kind, config, shared, skipReason } of SETUPS)
  describeUnless(skipReason, `rate limit (${name})`, () => {
    let db: TestDatabase;
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      db = await createTestDatabase(kind);
      a = await startTestServer(db, { config });
      b = await startTestServer(db, { config, store: await db.open() });
    });
    afterAll(async () => {
      await a.stop();
      await b.stop();
      await db.drop();
    });

    it('allows the burst, then 429 rate_limit_exceeded with an integer Retry-After >= 1', async () => {
      const { api_key: key } = await newAccount(a.store);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await call(a, 'GET', '/v1/masters/tax-tables', { key })).status);
      expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
      expect(statuses.slice(4)).toEqual([429, 429]);
      const limited = await call(a, 'GET', '/v1/masters/rate-tables', { key });
      expect(limited.status).toBe(429);
      expect(limited.json.error.code).toBe('rate_limit_exceeded');
      const retryAfter = limited.headers.get('retry-after')!;
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(limited.headers.get('ratelimit-remaining')).toBe('0');
      expect(limited.headers.get('ratelimit-reset')).toBe(retryAfter);
    });

    it('reports RateLimit-Limit, -Remaining and -Reset on every answer, errors included', async () => {
      const { api_key: key } = await newAccount(a.store);
      const first = await call(a, 'GET', '/v1/masters/tax-tables', { key });
      expect([
        first.headers.get('ratelimit-limit'),
        first.headers.get('ratelimit-remaining'),
        first.headers.get('ratelimit-reset'),
      ]).toEqual(['2', '1', '1']);
      const second = await call(a, 'GET', '/v1/no-such-route', { key });
      expect(second.status).toBe(404);
      expect([second.headers.get('ratelimit-limit'), second.headers.get('ratelimit-remaining')]).toEqual(['2', '0']);
    });

    it('limits each account on its own', async () => {
      const first = await newAccount(a.store);
      const second = await newAccount(a.store);
      for (let i = 0; i < 4; i++) await call(a, 'GET', '/v1/masters/tax-tables', { key: first.api_key });
      expect((await call(a, 'GET', '/v1/masters/tax-tables', { key: first.api_key })).status).toBe(429);
      expect((await call(a, 'GET', '/v1/masters/tax-tables', { key: second.api_key })).status).toBe(200);
    });

    it(shared ? 'is shared by two servers on the same backend' : 'is kept in each process (no store write per request)', async () => {
      const { api_key: key } = await newAccount(a.store);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await call(i % 2 ? a : b, 'GET', '/v1/masters/tax-tables', { key })).status);
      // Alternating: shared, the fifth and sixth are refused; per process, each server has seen only three.
      expect(statuses).toEqual(shared ? [200, 200, 200, 200, 429, 429] : [200, 200, 200, 200, 200, 200]);
      if (kind === 'sqlite') {
        // Neither the in-memory nor the Redis limiter writes a rate-limit row into the embedded store.
        const file = new Database(db.location, { readonly: true });
        expect(file.prepare('SELECT count(*) AS n FROM rate_limit_points').get()).toEqual({ n: 0 });
        file.close();
      }
    });

    it('limits requests without a valid key by client address (401 until the limit, then 429)', async () => {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await call(a, 'GET', '/v1/masters/tax-tables', { key: 'pay_000000000000_guess' }));
      const statuses = answers.map((r) => r.status);
      expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
      // The address's bucket is reported with the 401 too.
      expect([answers[0]!.headers.get('ratelimit-limit'), answers[0]!.headers.get('ratelimit-remaining')]).toEqual(['2', '1']);
      expect(statuses.slice(4)).toEqual([429, 429]);
    });
  });

describe('rate limit with Redis unreachable', () => {
  // Port 1: nothing listens, every connection is refused.
  const api = freshServer('sqlite', { config: { ...LIMITS, redisUrl: 'redis://127.0.0.1:1' } });

  it('falls back to a per-process limit: answers go on, still limited, never a 5xx', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(api.server, 'GET', '/v1/masters/tax-tables', { key: api.key })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
