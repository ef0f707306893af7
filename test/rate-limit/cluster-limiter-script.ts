/**
 * Run by cluster-limiter.test.ts as `node --import tsx` (cluster workers inherit that): the primary
 * starts the cluster limiter and forks two workers; each worker charges the same key three times
 * against a 2-per-second, burst-4 limit on the embedded store's backend and reports what it got.
 * The primary prints one JSON line: the kind of limiter the workers used and every decision.
 */
import cluster from 'node:cluster';
import { createLimiterFactory } from '../../server/app/rate-limit/backends.ts';
import { startClusterRateLimitPrimary } from '../../server/app/rate-limit/cluster-primary.ts';
import { createRateLimiter } from '../../server/app/rate-limit/limiter.ts';

const WORKERS = 2;

if (cluster.isPrimary) {
  startClusterRateLimitPrimary();
  const reports: { kind: string; allowed: boolean[] }[] = [];
  for (let i = 0; i < WORKERS; i++) {
    cluster.fork().on('message', (msg: { report?: { kind: string; allowed: boolean[] } }) => {
      if (!msg.report) return;
      reports.push(msg.report);
      if (reports.length === WORKERS) {
        console.log(JSON.stringify({ kinds: reports.map((r) => r.kind), allowed: reports.flatMap((r) => r.allowed) }));
        for (const w of Object.values(cluster.workers ?? {})) w?.kill();
      }
    });
  }
} else {
  const sqliteLike = {
    kind: 'sqlite' as const,
    rateLimiterBackend: () => ({ kind: 'sqlite' as const, storeClient: null, tableName: 'unused' }),
  };
  const factory = createLimiterFactory({ backend: 'auto' }, sqliteLike);
  const limiter = createRateLimiter(factory, 2, 4);
  const decisions = await Promise.all([1, 2, 3].map(() => limiter.consume('account:shared')));
  process.send!({ report: { kind: factory.kind, allowed: decisions.map((d) => d.allowed) } });
}
