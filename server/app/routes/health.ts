/**
 * Probes for load balancers and orchestrators, answered before the API key check and the per-key rate
 * limit (a probe has no key, and must not eat a client's allowance):
 * - GET /healthz: the process is up and its event loop answers (liveness; restart it if not).
 * - GET /readyz: the masters and rules are loaded and the store answers a trivial query within
 *   READY_STORE_TIMEOUT_MS (readiness; send it traffic only then). After a reload (SIGHUP) it also shows
 *   its outcome (`last_reload`, server/process/reload-status.ts): a refused reload keeps the instance ready.
 *   It names the rate-limit backend and its state (`rate_limit`): a Redis that does not answer leaves the
 *   instance ready, each process limiting on its own meanwhile, and says `degraded`. From the shutdown
 *   signal on it answers 503 (`the server is draining`), which takes the instance out of the balancer
 *   while the server still accepts and serves (server/app/http-server.ts); /healthz stays 200.
 * - GET /metrics: Prometheus metrics (metrics/metrics.ts), in the text format, for a scraper that carries
 *   no key either; under PAYROLL_WORKERS > 1 the sum over the workers.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppDeps } from '../app-deps.ts';
import type { RequestState } from '../context.ts';
import { ApiError } from '../errors/api-error.ts';
import { RETRY_AFTER_SECONDS } from '../http/raw-error.ts';
import { EngineHolder } from '../../process/engine-holder.ts';
import type { LimiterFactory } from '../rate-limit/backends.ts';
import { metricsText } from '../metrics/cluster-metrics.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** A store that has not answered by then is as good as down for a probe (probes time out at a few s). */
const READY_STORE_TIMEOUT_MS = 2000;

async function storeAnswers(deps: AppDeps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_STORE_TIMEOUT_MS)));
  const ping = deps.store.ping().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const PROBE_PATHS = ['/healthz', '/readyz', '/metrics'];
/**
 * The lengths of path a probe route can match: the router matches the raw path character by character,
 * case-insensitively, with an optional trailing slash, so a probe path or that path and a slash.
 */
const SHORTEST_PROBE = Math.min(...PROBE_PATHS.map((p) => p.length));
const LONGEST_PROBE = Math.max(...PROBE_PATHS.map((p) => p.length)) + 1;

export function healthRoutes(deps: AppDeps, limits: Pick<LimiterFactory, 'health'>, metrics: Metrics): Koa.Middleware<RequestState> {
  const router = new Router();
  // The engine exists only if every master and rule loaded (loadEngine throws otherwise); the tables
  // it publishes are checked once, as they never change while the process runs.
  let mastersLoaded: boolean | undefined;
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    if (deps.draining?.())
      throw new ApiError('not_ready', {
        params: { reason: 'the server is draining for shutdown' },
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      });
    mastersLoaded ??= deps.engine.taxTables().length > 0 && deps.engine.rateTables().length > 0;
    if (!mastersLoaded)
      throw new ApiError('not_ready', {
        params: { reason: 'the statutory masters are not loaded' },
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      });
    if (!(await storeAnswers(deps)))
      throw new ApiError('not_ready', {
        params: { reason: 'the store does not answer' },
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      });
    const lastReload = deps.engine instanceof EngineHolder ? deps.engine.reloads.last() : null;
    ctx.body = {
      status: 'ready',
      checks: { masters: 'ok', store: 'ok' },
      rate_limit: limits.health(),
      ...(lastReload ? { last_reload: lastReload } : {}),
    };
  });
  router.get('/metrics', async (ctx) => {
    ctx.body = await metricsText(metrics.registries);
    ctx.type = metrics.registries[0].contentType;
  });
  // Any other method on a probe path: 405 here, since the key check further down would say 401.
  router.all(PROBE_PATHS, () => {
    throw new ApiError('method_not_allowed', { headers: { Allow: 'GET, HEAD' } });
  });
  const probes = router.routes() as unknown as Koa.Middleware<RequestState>;
  // Every request passes here, and the router's dispatch costs a host parse, a match over its layers
  // and a chain of closures even when nothing matches: a path of a length no probe route can match is
  // passed on without asking it.
  // (What the router leaves on a miss, ctx.matched and ctx.router, nobody reads before the API router
  // sets it again.)
  return (ctx, next) => {
    const length = ctx.path.length;
    return length < SHORTEST_PROBE || length > LONGEST_PROBE ? next() : probes(ctx, next);
  };
}
