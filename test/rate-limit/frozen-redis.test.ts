/**
 * Issue 22 item 4: a frozen Redis (SIGSTOP: the connection stays open, nothing answers) costs no more
 * than a dead one. A redis-server of the test's own (never the shared one) is frozen under the rate
 * limiter: after a few command timeouts the breaker opens, requests are limited in the process without
 * a round trip to Redis, and once Redis is thawed the breaker's probe brings the shared limit back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimiterFactory, type LimiterFactory } from '../../server/app/rate-limit/backends.ts';
import { FAILURES_TO_OPEN } from '../../server/app/rate-limit/breaker.ts';
import { createRateLimiter, type RateLimiter } from '../../server/app/rate-limit/limiter.ts';
import { redisScriptCalls, redisServerInstalled, startPrivateRedis, type PrivateRedis } from '../../tools/scale-out/backend-counters.ts';

const noStore = { kind: 'sqlite' as const, rateLimiterBackend: () => ({ kind: 'sqlite' as const, storeClient: null, tableName: '' }) };

const INSTALLED = redisServerInstalled();
if (!INSTALLED && process.env.CI !== 'true') console.warn('frozen-redis test: redis-server is not installed; SKIPPED');

// In CI redis-server is required: the test runs and fails without it.
describe.runIf(INSTALLED || process.env.CI === 'true')('rate limit with a frozen Redis', () => {
  let redis: PrivateRedis;
  let factory: LimiterFactory;
  let limiter: RateLimiter;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    factory = createLimiterFactory({ backend: 'redis', redisUrl: redis.url, redisKeyPrefix: 'frozen' }, noStore);
    limiter = createRateLimiter(factory, 1000, 1000);
  });
  afterAll(async () => {
    await factory?.close();
    await redis?.stop();
  });

  it('opens the breaker after a few timeouts, then limits in process without asking Redis, and comes back after SIGCONT', async () => {
    expect((await limiter.consume('account:a')).allowed).toBe(true);
    const breaker = factory.breaker!;
    expect(breaker.state()).toBe('closed');
    expect(breaker.calls()).toBe(1);

    redis.process.kill('SIGSTOP');
    try {
      // Each of the first calls waits for its command timeout and is answered by the insurance limiter.
      for (let i = 0; i < FAILURES_TO_OPEN; i++) expect((await limiter.consume('account:a')).allowed).toBe(true);
      expect(breaker.state()).toBe('open');
      const callsWhenOpened = breaker.calls();
      const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.consume('account:a')));
      expect(decisions.every((d) => d.allowed)).toBe(true);
      expect(breaker.calls()).toBe(callsWhenOpened); // no request went to the frozen Redis
    } finally {
      redis.process.kill('SIGCONT');
    }

    for (let i = 0; i < 100 && breaker.state() === 'open'; i++) await new Promise((r) => setTimeout(r, 50));
    expect(breaker.state()).toBe('closed');
    const before = await redisScriptCalls(redis.url);
    expect((await limiter.consume('account:b')).allowed).toBe(true);
    // The consume's one round trip (the limiter's script) reached Redis again.
    expect((await redisScriptCalls(redis.url)) - before).toBe(1);
  }, 30_000);
});
