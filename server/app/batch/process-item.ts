/**
 * One calculation request of a batch, checked in the API's order (decisions.md 3b, as
 * engine/calculating/request.ts keeps it for a single call): the schema's problems with the cross-field
 * rules' (the dependents bound widened for a company that opts in), the attendance conflict, the
 * company, then the calculation under whatever admits it (a quota). Synchronous unless the admission is
 * not: `npm run batch` (tools/batch/process-line.ts) runs it per line with no admission, the HTTP batch
 * (server/app/routes/batch-calculations.ts) per item under the Free-plan quota. Failures are thrown as
 * the errors a single call throws (ApiError, EngineError), for the caller's envelope.
 */
import { widenForProfile, type Calculation, type Engine, type ProfileVersion, type ValidationDetail } from '../../../engine/index.ts';
import { ApiError } from '../errors/api-error.ts';
import type { CalculationEndpoint } from '../routes/calculation-endpoints.ts';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface BatchItem {
  endpoint: CalculationEndpoint;
  /** The whole request of a single call (its schema's defaults already filled in by the validation). */
  request: unknown;
  /** What the request schema found wrong with it. */
  schemaDetails: readonly ValidationDetail[];
}

/** Runs the calculation once admitted; the identity when nothing has to admit it. */
export type Admit<R> = (calculate: () => Calculation) => R;

export const admitAlways: Admit<Calculation> = (calculate) => calculate();

/**
 * The item's calculation (or what its admission makes of it). `profiles` looks up a company's stored
 * versions, undefined for a company the caller does not know.
 */
export function processItem<R>(
  engine: Pick<Engine, 'validate' | 'attendanceConflict' | 'inputLimits' | 'calculate'>,
  item: BatchItem,
  profiles: (companyId: string) => ProfileVersion[] | undefined,
  admit: Admit<R>,
): R {
  const { endpoint, request } = item;
  const checked = isObject(request) ? [...item.schemaDetails, ...engine.validate(endpoint.type, request)] : [...item.schemaDetails];
  // more than the printed dependents columns only for a company whose profile opts in, as in a single call
  const details =
    isObject(request) && typeof request.company_id === 'string'
      ? widenForProfile(engine.inputLimits(), endpoint.type, request, checked, profiles(request.company_id))
      : checked;
  if (details.length > 0 || !isObject(request)) throw new ApiError('validation_error', { details });
  const conflict = engine.attendanceConflict(endpoint.type, request);
  if (conflict) throw new ApiError('attendance_input_conflict', { message: conflict });
  const companyId = request.company_id as string;
  const versions = profiles(companyId);
  if (!versions) throw new ApiError('company_not_found', { params: { company_id: companyId } });
  return admit(() => engine.calculate(endpoint.type, request, versions, { validated: true }));
}
