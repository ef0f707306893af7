/**
 * The per-account (or, without a valid key, per-address) rate limit. Sustained:
 * PAYROLL_RATE_LIMIT_PER_SECOND per second. Bursts: the extra (BURST - PER_SECOND) is a separate
 * allowance that refills over BURST_WINDOW_SECONDS, used only when the second's points are spent.
 * Where the points live is backends.ts's choice; cluster-primary.ts serves node:cluster workers.
 *
 * Every decision carries what the RateLimit-* headers report: the sustained window (limit, remaining,
 * seconds to its reset). The burst allowance is on top and not counted in them (docs/api.md).
 */
import { LRUCache } from 'lru-cache';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { LimiterFactory } from './backends.ts';
import type { PointLimiter } from './insured.ts';

const BURST_WINDOW_SECONDS = 10;

/**
 * A request costs one point, and one more for every this many bytes of its body (decoded): reading,
 * scanning and parsing a body, and validating what it holds, cost time in proportion to its bytes, and
 * the points are what shares the server between accounts (docs/adr/0106-an-accounts-share-follows-its-cost.md). A body of up to 16 KiB costs what a request without one costs.
 */
export const BODY_BYTES_PER_POINT = 16 * 1024;

/**
 * What a profile PUT costs beyond its body: a write transaction, whose commit waits for the disk on the
 * serving thread on SQLite (better-sqlite3 is synchronous); measured by `npm run measure:fairness`.
 */
export const STORE_WRITE_POINTS = 9;

/** The points a request with a body of `bytes` costs. */
export function requestPoints(bytes: number): number {
  return 1 + Math.floor(Math.max(0, bytes) / BODY_BYTES_PER_POINT);
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the sustained window restarts (>= 1); when refused, also the Retry-After. */
  resetSeconds: number;
}

export interface RateLimiter {
  /**
   * Charges `units` points (default 1) to the key's windows. A charge above the per-second limit is
   * charged as the limit, so that every request can pass in an empty window.
   */
  consume(key: string, units?: number): Promise<RateLimitDecision>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createRateLimiter(factory: LimiterFactory, perSecond: number, burst: number): RateLimiter {
  const sustained = factory.create('rl', perSecond, 1);
  const extra: PointLimiter | null = burst > perSecond ? factory.create('rlburst', burst - perSecond, BURST_WINDOW_SECONDS) : null;

  async function tryConsume(limiter: PointLimiter, key: string, units: number): Promise<RateLimiterRes | { refused: RateLimiterRes }> {
    try {
      return await limiter.consume(key, units);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { refused: rejection };
      throw rejection; // the backend failed and had no insurance: a server fault, not the client's
    }
  }

  // A fixed window that refused stays refused until it ends: requests in it ask only the burst allowance,
  // so a request costs the shared backend one round trip at most, refused ones included (Redis).
  // Made at the first refusal: an LRUCache allocates its 100,000 slots at once (CPU and a few MB),
  // which a start would otherwise pay before its first answer and a server that never refuses never needs.
  let spentUntil: LRUCache<string, number> | undefined;

  return {
    async consume(key, requested = 1) {
      const units = Math.min(perSecond, Math.max(1, Math.floor(requested)));
      if (factory.settled) await factory.settled;
      const now = Date.now();
      const until = spentUntil?.get(key);
      let refused: Pick<RateLimiterRes, 'msBeforeNext'>;
      if (until !== undefined && until > now) refused = { msBeforeNext: until - now };
      else {
        const first = await tryConsume(sustained, key, units);
        if (first instanceof RateLimiterRes)
          return { allowed: true, limit: perSecond, remaining: first.remainingPoints, resetSeconds: seconds(first.msBeforeNext) };
        refused = first.refused;
        (spentUntil ??= new LRUCache({ max: 100_000 })).set(key, now + refused.msBeforeNext);
      }
      const fromBurst = extra ? await tryConsume(extra, key, units) : null;
      if (fromBurst instanceof RateLimiterRes)
        return { allowed: true, limit: perSecond, remaining: 0, resetSeconds: seconds(refused.msBeforeNext) };
      // Refused by both: the sustained window's reset is when the next request can pass.
      return { allowed: false, limit: perSecond, remaining: 0, resetSeconds: seconds(refused.msBeforeNext) };
    },
  };
}
