/** GET /v1/masters/tax-tables and /v1/masters/rate-tables: the engine's published tables as { data }. */
import type Router from '@koa/router';
import type { AppDeps } from '../app-deps.ts';

export function registerMasterRoutes(router: Router, deps: AppDeps): void {
  router.get('/v1/masters/tax-tables', (ctx) => {
    ctx.body = { data: deps.engine.taxTables() };
  });
  router.get('/v1/masters/rate-tables', (ctx) => {
    ctx.body = { data: deps.engine.rateTables() };
  });
}
