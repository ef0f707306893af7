/** GET /v1/masters/tax-tables, /rate-tables and /rules: what the engine in service loaded, as { data }. */
import type Router from '@koa/router';
import type { AppDeps } from '../app-deps.ts';
import { engineForRequest } from '../engine-holder.ts';

export function registerMasterRoutes(router: Router, deps: AppDeps): void {
  router.get('/v1/masters/tax-tables', (ctx) => {
    ctx.body = { data: deps.engine.taxTables() };
  });
  router.get('/v1/masters/rate-tables', (ctx) => {
    ctx.body = { data: deps.engine.rateTables() };
  });
  router.get('/v1/masters/rules', (ctx) => {
    const engine = engineForRequest(deps.engine); // the listing and its hash from one set
    ctx.body = { data: engine.rules(), rules_masters_hash: engine.provenance().rules_masters_hash };
  });
}
