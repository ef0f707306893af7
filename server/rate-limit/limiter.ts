/**
 * Rate limit backed by the store, so every server process sharing the database shares the counts.
 * Sustained: PAYROLL_RATE_LIMIT_PER_SECOND per second. Bursts: up to PAYROLL_RATE_LIMIT_BURST in one
 * second; the extra (BURST - PER_SECOND) is a separate allowance that refills over BURST_WINDOW_SECONDS
 * (rate-limiter-flexible's BurstyRateLimiter). Both limiters share one table under different key prefixes.
 */
import { BurstyRateLimiter, RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimiterBackend } from '../store/types.ts';

export const BURST_WINDOW_SECONDS = 10;

export interface RateLimitDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  consume(key: string): Promise<RateLimitDecision>;
}

function storeLimiter(backend: RateLimiterBackend, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  // The table comes from the store's migrations, hence tableCreated: the library creates nothing.
  const common = { tableName: backend.tableName, tableCreated: true, keyPrefix, points, duration, clearExpiredByTimeout: false };
  return backend.kind === 'sqlite'
    ? new RateLimiterSQLite({ ...common, storeClient: backend.storeClient, storeType: 'better-sqlite3' })
    : new RateLimiterPostgres({ ...common, storeClient: backend.storeClient, storeType: 'pool' });
}

export function createRateLimiter(backend: RateLimiterBackend, perSecond: number, burst: number): RateLimiter {
  const sustained = storeLimiter(backend, 'rl', perSecond, 1);
  const limiter = burst > perSecond ? new BurstyRateLimiter(sustained, storeLimiter(backend, 'rlburst', burst - perSecond, BURST_WINDOW_SECONDS)) : sustained;
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        throw rejection; // a store failure is a server fault, not the client's
      }
    },
  };
}
