/**
 * The API's routes on one router. server/app/app.ts loads this module at the first request that gets past
 * the probes and /docs (and, at the latest, just after the server's first answer), so that a start
 * answers its first probe without evaluating the routes' own modules: body parsing, the request and
 * response schemas, the OpenAPI document, quota.
 */
import Router from '@koa/router';
import type { AppDeps } from './app-deps.ts';
import { registerBatchCalculationRoutes } from './routes/batch-calculations.ts';
import { registerCalculationProfileRoutes } from './routes/calculation-profile.ts';
import { registerCalculationRoutes } from './routes/calculations.ts';
import { registerMasterRoutes } from './routes/masters.ts';
import { registerOpenApiRoute } from './routes/openapi.ts';
import { registerUsageRoute } from './routes/usage.ts';

export function apiRouter(deps: AppDeps): Router {
  const router = new Router();
  registerCalculationRoutes(router, deps);
  registerBatchCalculationRoutes(router, deps);
  registerMasterRoutes(router, deps);
  registerOpenApiRoute(router, deps);
  registerCalculationProfileRoutes(router, deps);
  registerUsageRoute(router, deps);
  return router;
}
