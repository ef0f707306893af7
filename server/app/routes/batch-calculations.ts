/**
 * POST /v1/payroll/monthly:batch-calculate and /v1/payroll/bonus:batch-calculate: one company and
 * payment date, many employees. What concerns the batch is checked once and refused with the ordinary
 * envelope (sizes, the batch's own fields, the company: 422, 404); then each item is charged to the rate
 * limit (its first item by the request's own charge), checked and computed as a single call
 * (server/app/batch/process-item.ts, shared with `npm run batch`) under the Free-plan quota, and answered
 * in results[] at its index with its result or the error envelope a single call would have given. The
 * company's profile versions are read once; the settings memo (engine/calculating/settings/memo.ts)
 * resolves the versions in force once for the batch's payment date.
 */
import { setImmediate as afterTheReadsOfThisTurn } from 'node:timers/promises';
import type Router from '@koa/router';
import { calculationJson, calculationUtf8, type Calculation, type Engine } from '../../../engine/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { BATCH_ENDPOINTS, type BatchEndpoint } from '../batch/batch-endpoints.ts';
import { BATCH_FIELDS, batchSchemasFor } from '../batch/batch-schemas.ts';
import { processItem } from '../batch/process-item.ts';
import { timeSlices } from '../batch/time-slices.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors/api-error.ts';
import { errorEnvelopeBody } from '../errors/envelope-body.ts';
import { toApiError } from '../errors/to-api-error.ts';
import { answerJsonBytes } from '../middleware/json-answer.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { engineForRequest } from '../../process/engine-holder.ts';
import { withQuota } from '../quota/quota.ts';
import { requestSchemaFor } from '../validation/request-schemas.ts';
import { sizeDetails } from '../validation/size-guard.ts';
import { schemaDetails } from '../validation/validate-body.ts';
import { idempotencyKeyDetails, pinEngine } from './calculations.ts';

type Json = Record<string, unknown>;

/** How long a batch computes before it lets the requests that arrived meanwhile run (time-slices.ts). */
const BATCH_SLICE_MS = 10;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const BATCH_FIELD_SET: ReadonlySet<string> = new Set(BATCH_FIELDS);

function schemasOf(engine: Engine, batch: BatchEndpoint) {
  return batchSchemasFor(requestSchemaFor(engine, batch.endpoint.requestSchema), batch.typeName);
}

function employeeRef(item: unknown): string | null {
  const snapshot = isObject(item) ? item.employee_snapshot : undefined;
  const ref = isObject(snapshot) ? snapshot.employee_ref : undefined;
  return typeof ref === 'string' ? ref : null;
}

/** The batch's own problems: its sizes and fields (the items' own are theirs), and the cross-field rules at its fields. */
function batchDetails(ctx: AppContext, engine: Engine, batch: BatchEndpoint, body: unknown) {
  const { envelope } = schemasOf(engine, batch);
  const headers = idempotencyKeyDetails(ctx);
  const oversize = sizeDetails(envelope, body);
  if (oversize.length > 0) return [...headers, ...oversize];
  const details = [...headers, ...schemaDetails(envelope, body)];
  if (details.length > 0 || !isObject(body)) return details;
  // e.g. calculation_date after payment_date: a problem of every item, so of the batch
  return engine.validate(batch.endpoint.type, fieldsOfBatch(body)).filter((d) => BATCH_FIELD_SET.has(String(d.path[0])));
}

function fieldsOfBatch(body: Json): Json {
  const out: Json = {};
  for (const f of BATCH_FIELDS) if (body[f] !== undefined) out[f] = body[f];
  return out;
}

async function batchCalculate(ctx: AppContext, batch: BatchEndpoint, deps: AppDeps): Promise<void> {
  const engine = ctx.state.engine ?? engineForRequest(deps.engine);
  const body: unknown = ctx.request.body;
  const details = batchDetails(ctx, engine, batch, body);
  if (details.length > 0 || !isObject(body)) throw new ApiError('validation_error', { details });
  const principal = ctx.state.principal!;
  const companyId = body.company_id as string;
  const versions = (await deps.store.findCompany(principal.account_id, companyId, principal.cache_generation))?.versions;
  if (!versions) throw new ApiError('company_not_found', { params: { company_id: companyId } });
  const { item: itemSchema } = schemasOf(engine, batch);
  const common = fieldsOfBatch(body);
  const items = body.items as unknown[];
  const trace = (common.calculation_options as { include_calculation_trace?: boolean } | undefined)?.include_calculation_trace !== false;
  const requestId = ctx.state.requestId;
  const profiles = (id: string) => (id === companyId ? versions : undefined);
  let rateRefusal: ApiError | undefined;
  let quotaRefusal: ApiError | undefined;
  const admit = async (calculate: () => Calculation): Promise<Calculation> => {
    if (quotaRefusal) throw quotaRefusal;
    if (!batch.endpoint.countsTowardQuota) return calculate();
    try {
      return await withQuota(deps.store, principal, deps.config, deps.now?.() ?? new Date(), calculate);
    } catch (err) {
      // a month's quota once used up stays so: the later items need not ask the store
      if (err instanceof ApiError && err.code === 'quota_exceeded') quotaRefusal = err;
      throw err;
    }
  };
  // as a single call: calculated once the requests whose bytes arrived in this turn have been read
  await afterTheReadsOfThisTurn();
  const parts: Buffer[] = [Buffer.from('{"results":[')];
  const slice = timeSlices(BATCH_SLICE_MS);
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const turn = slice();
    if (turn) await turn;
    const head = `${index > 0 ? ',' : ''}{"index":${index},"employee_ref":${JSON.stringify(employeeRef(item))},"status":`;
    try {
      if (index > 0 && !rateRefusal && ctx.state.chargeOneMore) {
        const decision = await ctx.state.chargeOneMore();
        if (!decision.allowed) {
          const retryAfter = String(decision.resetSeconds);
          rateRefusal = new ApiError('rate_limit_exceeded', { params: { retry_after: retryAfter } });
        }
      }
      if (rateRefusal) throw rateRefusal;
      const oversize = sizeDetails(itemSchema, item);
      if (oversize.length > 0) throw new ApiError('validation_error', { details: oversize });
      // the item's schema fills its defaults in; the batch's fields complete the single call's request
      const schemaProblems = schemaDetails(itemSchema, item);
      const request = isObject(item) ? { ...common, ...item } : item;
      const calc = await processItem(engine, { endpoint: batch.endpoint, request, schemaDetails: schemaProblems }, profiles, admit);
      parts.push(Buffer.from(`${head}200,"result":`), trace ? calculationUtf8(calc) : Buffer.from(calculationJson(calc)), Buffer.from('}'));
    } catch (err) {
      const { error, internal } = toApiError(err, deps.config.maxBodyBytes);
      if (internal) {
        const stack = err instanceof Error && err.stack ? err.stack.split('\n').slice(1).join('\n') : undefined;
        deps.logger.error(
          { request_id: requestId, item_index: index, err_name: err instanceof Error ? err.name : typeof err, stack },
          'internal error',
        );
      }
      const envelope = JSON.stringify(errorEnvelopeBody(error, requestId));
      parts.push(Buffer.from(`${head}${error.status},${envelope.slice(1)}`));
    }
  }
  parts.push(Buffer.from(']}'));
  // results carry pay data: no cache on the way may keep them
  ctx.set('Cache-Control', 'no-store');
  answerJsonBytes(ctx, Buffer.concat(parts));
}

export function registerBatchCalculationRoutes(router: Router, deps: AppDeps): void {
  for (const batch of BATCH_ENDPOINTS) {
    // the body scan words an oversize array as the batch's documented schema does
    const schemaOf = (ctx: AppContext) => schemasOf(ctx.state.engine ?? engineForRequest(deps.engine), batch).request;
    router.post(batch.path.replace(':', '\\:'), pinEngine(deps), jsonBody(deps.config.maxBodyBytes, schemaOf), (ctx) =>
      batchCalculate(ctx as AppContext, batch, deps),
    );
  }
}
