/**
 * The six calculation endpoints, in the order of checks of decisions.md 3b. Key (401) and rate limit
 * (429) ran before this; here the sizes and the schema, then one call into the engine
 * (engine/calculating/request.ts), which keeps the order: 422 validation_error (Idempotency-Key, schema
 * and cross-field rules, all together), 422 attendance_input_conflict, 404 company, 402 quota, then the
 * calculation, whose EngineError codes map through the registry (409, 422 ...).
 */
import { setImmediate as afterTheReadsOfThisTurn } from 'node:timers/promises';
import type Router from '@koa/router';
import type { ValidationDetail } from '../../../engine/index.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors/api-error.ts';
import { engineForRequest } from '../../process/engine-holder.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { withQuota } from '../quota/quota.ts';
import { schemaDetails } from '../validation/validate-body.ts';
import { sizeDetails } from '../validation/size-guard.ts';
import { requestSchemaFor } from '../validation/request-schemas.ts';
import { CALCULATION_ENDPOINTS, type CalculationEndpoint } from './calculation-endpoints.ts';

/** Idempotency-Key is only logged (no caching), but its length is part of the interface. */
export function idempotencyKeyDetails(ctx: AppContext): ValidationDetail[] {
  const value = ctx.headers['idempotency-key'];
  if (value === undefined) return [];
  const key = Array.isArray(value) ? value.join(', ') : value;
  if (key.length < 1 || key.length > 255) {
    return [{ path: ['headers', 'idempotency-key'], code: 'invalid_length', message: 'Idempotency-Key must be 1 to 255 characters.' }];
  }
  ctx.state.idempotencyKey = key;
  return [];
}

async function calculate(ctx: AppContext, endpoint: CalculationEndpoint, deps: AppDeps): Promise<void> {
  // the rules and masters this request arrived under compute its result, even if a reload swaps the set meanwhile
  const engine = ctx.state.engine ?? engineForRequest(deps.engine);
  const body: unknown = ctx.request.body;
  const schema = requestSchemaFor(engine, endpoint.requestSchema);
  const headers = endpoint.acceptsIdempotencyKey ? idempotencyKeyDetails(ctx) : [];
  // Sizes first: a body with an oversize array or map goes no further (the cross-field rules' work stays bounded)
  const oversize = sizeDetails(schema, body);
  if (oversize.length > 0) throw new ApiError('validation_error', { details: [...headers, ...oversize] });
  const principal = ctx.state.principal!;
  // The engine's one entry: the schema's problems (which filled its defaults into body) with the
  // cross-field rules', the attendance conflict, the company (404), the quota (402), the calculation
  ctx.body = await engine.calculateRequest(endpoint.type, body, {
    details: [...headers, ...schemaDetails(schema, body)],
    profileVersions: async (id) => (await deps.store.findCompany(principal.account_id, id, principal.cache_generation))?.versions,
    unknownCompany: (id) => new ApiError('company_not_found', { params: { company_id: id } }),
    admit: async (run) => {
      // Calculated in the event loop's check phase, once every request whose bytes arrived in this turn
      // has been read and validated: the calculations of one turn then run one after another, the
      // engine's code and data hot in the caches (docs/performance.md, tenth round).
      await afterTheReadsOfThisTurn();
      const now = deps.now?.() ?? new Date();
      return endpoint.countsTowardQuota ? withQuota(deps.store, principal, deps.config, now, run) : run();
    },
  });
  // a result carries pay data: no cache on the way may keep it
  ctx.set('Cache-Control', 'no-store');
}

/** Pins the engine in service when the request arrives, before its body is read. */
export function pinEngine(deps: AppDeps) {
  return (ctx: { state: unknown }, next: () => Promise<unknown>) => {
    (ctx.state as AppContext['state']).engine = engineForRequest(deps.engine);
    return next();
  };
}

export function registerCalculationRoutes(router: Router, deps: AppDeps): void {
  for (const endpoint of CALCULATION_ENDPOINTS) {
    // path-to-regexp reads ":" as a parameter; the custom-method colon must be escaped.
    // the body scan words an oversize array as this endpoint's schema does
    const schemaOf = (ctx: AppContext) => requestSchemaFor(ctx.state.engine ?? engineForRequest(deps.engine), endpoint.requestSchema);
    router.post(endpoint.path.replace(':', '\\:'), pinEngine(deps), jsonBody(deps.config.maxBodyBytes, schemaOf, true), (ctx) =>
      calculate(ctx as AppContext, endpoint, deps),
    );
  }
}
