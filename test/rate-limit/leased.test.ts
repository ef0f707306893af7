/**
 * The leased limiter (server/app/rate-limit/leased.ts): processes claim points from a shared window in
 * batches. Never more than the limit is admitted in a window, however many processes claim at once;
 * a slow caller is counted exactly; a busy one makes far fewer claims than requests; the shared window
 * in PostgreSQL (postgres-claims.ts) holds this across two separate connection pools, and in Redis
 * (redis-claims.ts) across two separate connections.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLeasedLimiter, type ClaimPoints } from '../../server/app/rate-limit/leased.ts';
import { postgresClaims } from '../../server/app/rate-limit/postgres-claims.ts';
import { redisClaims } from '../../server/app/rate-limit/redis-claims.ts';
import type { PointLimiter } from '../../server/app/rate-limit/insured.ts';
import type { Store } from '../../server/app/store/types.ts';
import { createTestDatabase, describeUnless, storeSkipReason, type TestDatabase } from '../api/support/databases.ts';

/** The claim statement's arithmetic over a map, answered asynchronously like a database would. */
function memoryClaims(): { claim: ClaimPoints; claims: () => number } {
  const windows = new Map<string, { end: number; used: number }>();
  let claims = 0;
  return {
    claims: () => claims,
    claim: async (key, want, limit, durationMs) => {
      await new Promise((r) => setImmediate(r));
      claims += 1;
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.end <= now) windows.set(key, (w = { end: now + durationMs, used: 0 }));
      const granted = Math.min(want, Math.max(0, limit - w.used));
      w.used += granted;
      return { granted, used: w.used, msLeft: w.end - now, windowId: w.end };
    },
  };
}

/** How many of `n` concurrent consumes, spread over the limiters in turn, were allowed. */
async function allowedOf(limiters: PointLimiter[], n: number, key = 'k'): Promise<number> {
  const outcomes = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      limiters[i % limiters.length]!.consume(key).then(
        () => true,
        (rejection: unknown) => {
          if (rejection instanceof RateLimiterRes) return false;
          throw rejection;
        },
      ),
    ),
  );
  return outcomes.filter(Boolean).length;
}

/**
 * Two processes' limiters over `claims` (one per connection to the shared store), five requests for
 * each point at once: a limit of 8 admits exactly 8; one of 200 at most 200, and at most one largest
 * batch less (19 points stranded in the other process).
 */
async function expectOneLimitAcross(claims: ClaimPoints[]): Promise<void> {
  const limitersOf = (limit: number) => claims.map((claim) => createLeasedLimiter(claim, 'rl', limit, 60));
  expect(await allowedOf(limitersOf(8), 40, 'small')).toBe(8);
  const allowed = await allowedOf(limitersOf(200), 1000, 'large');
  expect(allowed).toBeLessThanOrEqual(200);
  expect(allowed).toBeGreaterThanOrEqual(200 - 19);
}

describe('leased limiter', () => {
  it('charges a request of several points all of them, in one claim, and refuses one that no longer fits', async () => {
    const { claim, claims } = memoryClaims();
    const limiter = createLeasedLimiter(claim, 'rl', 100, 60);
    expect((await limiter.consume('k', 62)).remainingPoints).toBe(38);
    expect(claims()).toBe(1);
    await expect(limiter.consume('k', 62)).rejects.toBeInstanceOf(RateLimiterRes);
    // what the refused claim got is still this process's to spend on smaller requests
    expect((await limiter.consume('k', 30)).remainingPoints).toBe(8);
    expect((await limiter.consume('k')).remainingPoints).toBe(7);
  });

  it('a slow caller is counted exactly: one claim per request, refused past the limit with the window left', async () => {
    const { claim, claims } = memoryClaims();
    const limiter = createLeasedLimiter(claim, 'rl', 3, 60);
    const remaining = [];
    for (let i = 0; i < 3; i++) remaining.push((await limiter.consume('k')).remainingPoints);
    expect(remaining).toEqual([2, 1, 0]);
    const refused = await limiter.consume('k').catch((r: RateLimiterRes) => r);
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect((refused as RateLimiterRes).msBeforeNext).toBeGreaterThan(50_000);
    // The window is known to be spent: the refusal cost no claim.
    const before = claims();
    await expect(limiter.consume('k')).rejects.toBeInstanceOf(RateLimiterRes);
    expect(claims()).toBe(before);
  });

  it('two processes under concurrency never admit more than the limit, and claim far less often than they admit', async () => {
    const { claim, claims } = memoryClaims();
    const processes = [createLeasedLimiter(claim, 'rl', 1000, 60), createLeasedLimiter(claim, 'rl', 1000, 60)];
    const allowed = await allowedOf(processes, 3000);
    // Largest batch 100: at most 99 points stranded in the other process.
    expect(allowed).toBeLessThanOrEqual(1000);
    expect(allowed).toBeGreaterThanOrEqual(1000 - 99);
    expect(claims()).toBeLessThan(60);
  });

  it('a busy process starts each window with half of what it spent in the last one', async () => {
    const { claim, claims } = memoryClaims();
    const limiter = createLeasedLimiter(claim, 'rl', 10_000, 1);
    expect(await allowedOf([limiter], 500)).toBe(500);
    const firstWindow = claims(); // 1, 2, 4 ... 256: nine claims
    expect(firstWindow).toBe(9);
    await new Promise((r) => setTimeout(r, 1100)); // the one-second window ends
    expect(await allowedOf([limiter], 500)).toBe(500);
    // 250 at once, then 500: two claims.
    expect(claims() - firstWindow).toBe(2);
  });

  it('keys are limited on their own', async () => {
    const { claim } = memoryClaims();
    const limiter = createLeasedLimiter(claim, 'rl', 2, 60);
    expect(await allowedOf([limiter], 5, 'a')).toBe(2);
    expect(await allowedOf([limiter], 5, 'b')).toBe(2);
  });

  it('a failing claim rejects with the error (the insurance limiter takes over, insured.ts), not a refusal', async () => {
    const limiter = createLeasedLimiter(() => Promise.reject(new Error('connection terminated')), 'rl', 5, 1);
    await expect(limiter.consume('k')).rejects.toThrow('connection terminated');
  });

  it('a claim that fails after its waiter gave up on it is not an unhandled rejection', async () => {
    let fail!: (err: Error) => void;
    const claim: ClaimPoints = () => new Promise((_, reject) => (fail = reject));
    // the waiter's own budget runs out first (store/guarded-store.ts bounds join by the request's budget)
    const giveUp = () => Promise.reject(new Error('the request waited 1000 ms on the store'));
    const limiter = createLeasedLimiter(claim, 'rl', 5, 1, giveUp);
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      await expect(limiter.consume('k')).rejects.toThrow('waited 1000 ms');
      fail(new Error('statement timeout'));
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});

describeUnless(storeSkipReason('postgres'), 'leased limiter on PostgreSQL, two connection pools', () => {
  let db: TestDatabase;
  let stores: Store[];
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    stores = [await db.open(), await db.open()];
  });
  afterAll(async () => {
    for (const s of stores ?? []) await s.close();
    await db?.drop();
  });

  it('admits at most the limit in the window across both, exactly for a limit below ten', async () => {
    const counted = (store: Store) => {
      const backend = store.rateLimiterBackend();
      return postgresClaims(backend.storeClient as never, backend.tableName);
    };
    await expectOneLimitAcross(stores.map(counted));
  });
});

/** The run's Redis (redis-gate.ts), or null with the reason. */
const REDIS_URL = inject('redisTestUrl');

describeUnless(REDIS_URL ? null : inject('redisSkipReason'), 'leased limiter on Redis, two connections', () => {
  // A namespace of this run's own: PAYROLL_TEST_REDIS_URL may be shared with other runs.
  const namespace = `test-leased-${randomBytes(6).toString('hex')}`;
  let clients: Redis[];
  const claimsOf = (client: Redis) => redisClaims(client, namespace);
  beforeAll(async () => {
    clients = [new Redis(REDIS_URL!), new Redis(REDIS_URL!)];
    await Promise.all(clients.map((c) => c.ping()));
  });
  afterAll(() => {
    for (const c of clients ?? []) c.disconnect();
  });

  it("a claim gets what is left of the window, which ends and expires on Redis's clock", async () => {
    const claim = claimsOf(clients[0]!);
    const first = await claim('rl:w', 3, 5, 300);
    expect(first).toMatchObject({ granted: 3, used: 3 });
    expect(first.msLeft).toBeGreaterThan(200);
    expect(first.msLeft).toBeLessThanOrEqual(300);
    const second = await claim('rl:w', 3, 5, 300);
    expect(second).toMatchObject({ granted: 2, used: 5, windowId: first.windowId });
    expect(await claim('rl:w', 3, 5, 300)).toMatchObject({ granted: 0, used: 5, windowId: first.windowId });
    const ttl = await clients[0]!.pttl(`${namespace}:lease:rl:w`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    await new Promise((r) => setTimeout(r, 350));
    expect(await clients[0]!.exists(`${namespace}:lease:rl:w`)).toBe(0); // an idle key leaves nothing behind
    const next = await claim('rl:w', 3, 5, 300);
    expect(next).toMatchObject({ granted: 3, used: 3 });
    expect(next.windowId).toBeGreaterThan(first.windowId);
  });

  it('lives beside the counter an earlier version keeps under the same name (a rolling upgrade)', async () => {
    await clients[0]!.set(`${namespace}:rl:upgrade`, '3', 'PX', 1000); // RateLimiterRedis's plain counter
    expect(await claimsOf(clients[1]!)('rl:upgrade', 2, 5, 1000)).toMatchObject({ granted: 2, used: 2 });
    expect(await clients[0]!.get(`${namespace}:rl:upgrade`)).toBe('3');
  });

  it('admits at most the limit in the window across both, exactly for a limit below ten', async () => {
    await expectOneLimitAcross(clients.map(claimsOf));
  });

  it('fails at once while Redis is not connected, so the insurance limiter answers without waiting', async () => {
    const offline = new Redis(REDIS_URL!, { lazyConnect: true });
    try {
      await expect(claimsOf(offline)('rl:offline', 1, 5, 1000)).rejects.toThrow('Redis is not ready (wait)');
    } finally {
      offline.disconnect();
    }
  });
});
