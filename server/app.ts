/**
 * createApp: the Koa application, with its collaborators injected (engine, store, config, logger).
 * Middleware order is the order of checks: request id, log line, error envelope, key and rate limit,
 * then the routes (which parse bodies, validate, find the company, reserve quota, calculate).
 */
import Router from '@koa/router';
import Koa from 'koa';
import type { AppDeps } from './app-deps.ts';
import type { RequestState } from './context.ts';
import { authenticateAndLimit } from './middleware/authenticate.ts';
import { corsMiddleware } from './middleware/cors.ts';
import { errorEnvelope } from './middleware/error-envelope.ts';
import { assignRequestId } from './middleware/request-id.ts';
import { logRequests } from './middleware/request-log.ts';
import { createRateLimiter } from './rate-limit/limiter.ts';
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
  // Requests refused before routing (401, 429) are still logged with the route they were meant for.
  const routeOf = (path: string, method: string) => {
    const layer = router.match(path, method).pathAndMethod.find((l) => l.methods.length > 0);
    return typeof layer?.path === 'string' ? layer.path : null;
  };
  app.use(logRequests(deps.logger, routeOf));
  app.use(errorEnvelope(deps.logger, deps.config.maxBodyBytes));
  // Before the key check: a browser's preflight carries no key.
  const cors = corsMiddleware(deps.config.corsOrigins);
  if (cors) app.use(cors);
  app.use(authenticateAndLimit(deps.store, limiter));
  app.use(router.routes() as unknown as Koa.Middleware<RequestState>);
  app.use(router.allowedMethods() as unknown as Koa.Middleware<RequestState>);
  return app;
}
