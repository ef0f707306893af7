/** The API's routes on one router, mounted by server/app/app.ts after the key check and the rate limit. */
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
