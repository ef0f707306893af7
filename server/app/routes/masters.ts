/**
 * GET /v1/masters/tax-tables, /rate-tables, /versions and /rules: what the engine in service loaded, as
 * { data }; `?as_of=YYYY-MM-DD` keeps the versions in force on that day (as-of.ts). GET
 * /v1/masters/result-labels: the payslip labels of the result fields it loaded (undated display data).
 */
import type Router from '@koa/router';
import type { AppDeps } from '../app-deps.ts';
import { engineForRequest } from '../../process/engine-holder.ts';
import { asOfDate, inForceOn } from './as-of.ts';
import { resultLabelList } from '../schemas/result-labels.ts';

export function registerMasterRoutes(router: Router, deps: AppDeps): void {
  router.get('/v1/masters/tax-tables', (ctx) => {
    ctx.body = { data: inForceOn(deps.engine.taxTables(), asOfDate(ctx.query)) };
  });
  router.get('/v1/masters/rate-tables', (ctx) => {
    ctx.body = { data: inForceOn(deps.engine.rateTables(), asOfDate(ctx.query)) };
  });
  router.get('/v1/masters/versions', (ctx) => {
    ctx.body = { data: inForceOn(deps.engine.masterVersions(), asOfDate(ctx.query)) };
  });
  router.get('/v1/masters/rules', (ctx) => {
    const asOf = asOfDate(ctx.query);
    const engine = engineForRequest(deps.engine); // the listing and its hash from one set
    ctx.body = { data: inForceOn(engine.rules(), asOf), rules_masters_hash: engine.provenance().rules_masters_hash };
  });
  router.get('/v1/masters/result-labels', (ctx) => {
    ctx.body = resultLabelList(deps.engine.resultLabels());
  });
}
