/**
 * startClusterLimiterPrimary(): call once in the node:cluster primary, before forking workers, when the
 * workers use the embedded store (or PAYROLL_RATE_LIMIT_BACKEND=memory). Workers then keep their
 * rate-limit points in the primary (rate-limiter-flexible's RateLimiterClusterMaster answers their
 * RateLimiterCluster over the cluster IPC channel), so the limit is per machine, not per worker.
 * Idempotent: the library keeps one master per process.
 */
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';

export function startClusterLimiterPrimary(): void {
  new RateLimiterClusterMaster();
}
