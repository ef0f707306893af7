/**
 * createApp: the Koa application, with its collaborators injected (engine, store, config, logger).
 * Middleware order is the order of checks: request id, log line, error envelope, health probes (no
 * key), key and rate limit,
 * then the routes (which parse bodies, validate, find the company, reserve quota, calculate).
 */
import Router from '@koa/router';
import Koa from 'koa';
import type { AppDeps } from './app-deps.ts';
import type { RequestState } from './context.ts';
import { authenticateAndLimit } from './middleware/authenticate.ts';
import { errorEnvelope } from './middleware/error-envelope.ts';
import { assignRequestId } from './middleware/request-id.ts';
import { logRequests } from './middleware/request-log.ts';
import { createRateLimiter } from './rate-limit/limiter.ts';
import { healthRoutes } from './routes/health.ts';
import { registerCalculationProfileRoutes } from './routes/calculation-profile.ts';
import { registerCalculationRoutes } from './routes/calculations.ts';
import { registerMasterRoutes } from './routes/masters.ts';
import { registerOpenApiRoute } from './routes/openapi.ts';

export function createApp(deps: AppDeps): Koa<RequestState> {
  const app = new Koa<RequestState>();
  // Errors are answered by errorEnvelope and logged there; Koa's default stderr printing is not wanted.
  app.silent = true;
  const limiter = createRateLimiter(deps.store.rateLimiterBackend(), deps.config.rateLimitPerSecond, deps.config.rateLimitBurst);
  const router = new Router();
  registerCalculationRoutes(router, deps);
  registerMasterRoutes(router, deps);
  registerOpenApiRoute(router);
  registerCalculationProfileRoutes(router, deps);

  app.use(assignRequestId);
  app.use(logRequests(deps.logger));
  app.use(errorEnvelope(deps.logger, deps.config.maxBodyBytes));
  // Probes come before the key check and the rate limit: they carry no key (routes/health.ts).
  app.use(healthRoutes(deps));
  app.use(authenticateAndLimit(deps.store, limiter));
  app.use(router.routes() as unknown as Koa.Middleware<RequestState>);
  app.use(router.allowedMethods() as unknown as Koa.Middleware<RequestState>);
  return app;
}
