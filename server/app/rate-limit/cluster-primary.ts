/**
 * The cluster primary's half of rate-limiter-flexible's cluster limiter: it keeps the in-memory
 * counters that RateLimiterCluster in each worker asks over IPC, so a per-process limit stays one
 * limit across the workers of a machine. (Started by server/process/cluster.ts; the workers choose their
 * limiter in limiter.ts.)
 */
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';

export function startClusterRateLimitPrimary(): void {
  // The constructor registers the IPC listener; it is a singleton, so calling this twice is harmless.
  new RateLimiterClusterMaster();
}
