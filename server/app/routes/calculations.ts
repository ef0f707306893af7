/**
 * The six calculation endpoints, in the order of checks of decisions.md 3b. Key (401) and rate limit
 * (429) ran before this; here: 422 validation_error (Idempotency-Key, schema and cross-field rules,
 * all together), 422 attendance_input_conflict, 404 company, 402 quota, then the engine, whose
 * EngineError codes map through the registry (409, 422 ...).
 */
import { setImmediate as afterTheReadsOfThisTurn } from 'node:timers/promises';
import type Router from '@koa/router';
import { dependentLimitDependsOnProfile, widenForProfile, type ValidationDetail } from '../../../engine/index.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors/api-error.ts';
import { engineForRequest } from '../../process/engine-holder.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { withQuota } from '../quota/quota.ts';
import { requestDetails } from '../validation/validate-body.ts';
import { requestSchemaFor } from '../validation/request-schemas.ts';
import { CALCULATION_ENDPOINTS, type CalculationEndpoint } from './calculation-endpoints.ts';

/** Idempotency-Key is only logged (no caching), but its length is part of the interface. */
function idempotencyKeyDetails(ctx: AppContext): ValidationDetail[] {
  const value = ctx.headers['idempotency-key'];
  if (value === undefined) return [];
  const key = Array.isArray(value) ? value.join(', ') : value;
  if (key.length < 1 || key.length > 255) {
    return [{ path: ['headers', 'idempotency-key'], code: 'invalid_length', message: 'Idempotency-Key must be 1 to 255 characters.' }];
  }
  ctx.state.idempotencyKey = key;
  return [];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function calculate(ctx: AppContext, endpoint: CalculationEndpoint, deps: AppDeps): Promise<void> {
  // the rules and masters this request arrived under compute its result, even if a reload swaps the
  // set meanwhile (validate and attendanceConflict are code, the same in every set)
  const engine = ctx.state.engine ?? engineForRequest(deps.engine);
  const body: unknown = ctx.request.body;
  let details = [
    ...(endpoint.acceptsIdempotencyKey ? idempotencyKeyDetails(ctx) : []),
    // Sizes first, then the schema (which fills the schema's defaults into body) and cross-field rules.
    ...requestDetails(requestSchemaFor(engine, endpoint.requestSchema), body, (b) => deps.engine.validate(endpoint.type, b)),
  ];
  const principal = ctx.state.principal!;
  const findCompany = (id: string) => deps.store.findCompany(principal.account_id, id, principal.cache_generation);
  // The schema says the spec's 0-7 dependents; a company whose profile opts in may send more. Its profile
  // is read here, still inside validation, so the answer keeps the order of checks (422 before 404) and
  // lists this problem with every other one.
  let company: Awaited<ReturnType<typeof findCompany>> | undefined;
  const limits = engine.inputLimits();
  if (
    dependentLimitDependsOnProfile(limits, endpoint.type, body, details) &&
    isObject(body) &&
    typeof body.company_id === 'string' &&
    !details.some((d) => d.path[0] === 'company_id')
  ) {
    company = await findCompany(body.company_id);
    details = widenForProfile(limits, endpoint.type, body, details, company?.versions);
  }
  if (details.length > 0 || !isObject(body)) throw new ApiError('validation_error', { details });

  const conflict = deps.engine.attendanceConflict(endpoint.type, body);
  if (conflict) throw new ApiError('attendance_input_conflict', { message: conflict });

  const companyId = body.company_id as string;
  if (company === undefined) company = await findCompany(companyId);
  if (!company) throw new ApiError('company_not_found', { params: { company_id: companyId } });

  // Calculated in the event loop's check phase, once every request whose bytes arrived in this turn has
  // been read and validated: the calculations of one turn then run one after another, the engine's code
  // and data hot in the caches, where each request going from its read to its answer in one go took every
  // part of the server through the caches in turn (docs/performance.md, tenth round: ~280 -> ~160 µs of
  // server CPU a request with PostgreSQL alone). Every shared limiter now claims points in batches, so no
  // round trip per request lines them up instead (docs/decisions.md, "Rate limits claimed in batches, on
  // Redis too").
  await afterTheReadsOfThisTurn();
  // validate() and attendanceConflict() ran above, before the company lookup as the order of checks wants.
  const run = () => engine.calculate(endpoint.type, body, company.versions, { validated: true });
  const now = deps.now?.() ?? new Date();
  ctx.body = endpoint.countsTowardQuota ? await withQuota(deps.store, principal, deps.config, now, run) : run();
}

/** Pins the engine in service when the request arrives, before its body is read. */
function pinEngine(deps: AppDeps) {
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
    router.post(endpoint.path.replace(':', '\\:'), pinEngine(deps), jsonBody(deps.config.maxBodyBytes, schemaOf), (ctx) =>
      calculate(ctx as AppContext, endpoint, deps),
    );
  }
}
