/**
 * createApp: the Koa application, with its collaborators injected (engine, store, config, logger).
 * Middleware order is the order of checks: request id, log line, error envelope, health probes (no
 * key), key and rate limit, then the routes (which parse bodies, validate, find the company, reserve
 * quota, calculate); outermost of all, JSON answers are encoded (middleware/json-answer.ts).
 */
import Koa from 'koa';
import type { AppDeps } from './app-deps.ts';
import { apiRouter } from './app-routes.ts';
import type { RequestState } from './context.ts';
import { authenticateAndLimit } from './middleware/authenticate.ts';
import { corsMiddleware } from './middleware/cors.ts';
import { errorEnvelope } from './middleware/error-envelope.ts';
import { encodeJsonAnswer } from './middleware/json-answer.ts';
import { assignRequestId } from './middleware/request-id.ts';
import { logRequests } from './middleware/request-log.ts';
import { createCachedAuthenticator } from './auth/cached-authenticator.ts';
import { createLimiterFactory } from './rate-limit/backends.ts';
import { createRateLimiter } from './rate-limit/limiter.ts';
import { healthRoutes } from './routes/health.ts';
import { createMetrics } from './metrics/metrics.ts';
import { EngineHolder } from '../process/engine-holder.ts';
import { serveApiReference } from './routes/docs.ts';
import { withCompanyCache } from './store/company-cache.ts';
import { watchGenerations } from './store/watched-generations.ts';
import { storeBudgetScope } from './store/store-budget.ts';

/** What an app holds beyond the store (a Redis connection): released by disposeApp. */
const disposers = new WeakMap<Koa<RequestState>, () => Promise<void>>();
/** What an app waits for before it serves (the store's change feed listening, the rate-limit backend connected). */
const readiness = new WeakMap<Koa<RequestState>, Promise<unknown>>();

export async function disposeApp(app: Koa<RequestState>): Promise<void> {
  await disposers.get(app)?.();
}

/** Settles when the app's backends have connected or failed to; bounded by the caller. */
export function appSettled(app: Koa<RequestState>): Promise<unknown> {
  return readiness.get(app) ?? Promise.resolve();
}

export function createApp(deps: AppDeps): Koa<RequestState> {
  const app = new Koa<RequestState>();
  // Errors are answered by errorEnvelope and logged there; Koa's default stderr printing is not wanted.
  app.silent = true;
  const { config } = deps;
  const limiterFactory = createLimiterFactory(
    { backend: config.rateLimitBackend, redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix, log: deps.logger },
    deps.store,
  );
  // Generations from the store's change feed where it has one (no round trip per request), else read per request.
  const watched = watchGenerations(deps.store);
  disposers.set(app, async () => {
    watched.close();
    await limiterFactory.close();
  });
  readiness.set(app, Promise.all([watched.ready, limiterFactory.settled]));
  const limiter = createRateLimiter(limiterFactory, config.rateLimitPerSecond, config.rateLimitBurst);
  const authenticate = createCachedAuthenticator(watched.store, config.cacheTtlSeconds);
  // Routes read companies through the generation-checked cache (store/company-cache.ts).
  const routeDeps = { ...deps, store: withCompanyCache(watched.store, config.cacheTtlSeconds) };
  const router = apiRouter(routeDeps);

  app.use(encodeJsonAnswer);
  app.use(assignRequestId);
  // One store budget per request: PAYROLL_STORE_TIMEOUT_MS bounds all its store calls together.
  app.use(storeBudgetScope);
  // Requests refused before routing (401, 429) are still logged with the route they were meant for.
  const routeOf = (path: string, method: string) => {
    const layer = router.match(path, method).pathAndMethod.find((l) => l.methods.length > 0);
    return typeof layer?.path === 'string' ? layer.path : null;
  };
  const engine = deps.engine;
  const metrics = createMetrics({
    rateLimit: () => limiterFactory.health(),
    reloads: engine instanceof EngineHolder ? () => engine.reloads.counts : undefined,
  });
  app.use(logRequests(deps.logger, routeOf, metrics));
  app.use(errorEnvelope(deps.logger, deps.config.maxBodyBytes));
  app.use(serveApiReference());
  // Probes come before the key check and the rate limit: they carry no key (routes/health.ts).
  app.use(healthRoutes(deps, limiterFactory, metrics));
  // Before the key check: a browser's preflight carries no key.
  const cors = corsMiddleware(deps.config.corsOrigins);
  if (cors) app.use(cors);
  app.use(authenticateAndLimit(authenticate, limiter, deps.config.maxBodyBytes));
  app.use(router.routes() as unknown as Koa.Middleware<RequestState>);
  app.use(router.allowedMethods() as unknown as Koa.Middleware<RequestState>);
  return app;
}
