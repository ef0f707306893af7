/**
 * One request, from its caller's body to its Calculation, in the API's order of checks (the server per
 * request: server/routes/calculations.ts): the request's problems, the caller's own (its request schema,
 * its headers) with the cross-field rules', all answered together; the attendance conflict; the company;
 * whatever the caller admits a calculation by (a quota); then the settings, the plan and the run.
 */
import type { CalculationType } from '../calculation-type.ts';
import type { Engine } from '../engine.ts';
import { EngineError, type ValidationDetail } from '../errors.ts';
import type { ProfileVersion } from '../loading/profile/types.ts';
import type { Calculation } from '../trace/calculation.ts';
import { dependentLimitDependsOnProfile, widenForProfile } from './validation/dependent-count-limit.ts';

/** What a caller brings to a request besides its body. */
export interface CalculationCaller {
  /** Problems the caller found before the engine (its request schema, its headers): answered with the engine's own. */
  details: readonly ValidationDetail[];
  /** The company's stored profile versions, or undefined for a company the caller does not know (asked once). */
  profileVersions(companyId: string): Promise<ProfileVersion[] | undefined>;
  /** What to throw for a company the caller does not know. */
  unknownCompany(companyId: string): Error;
  /** Runs the calculation once the caller admits it (a quota: it may refuse, and count it after). */
  admit(calculate: () => Calculation): Promise<Calculation>;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export async function calculateRequest(
  engine: Pick<Engine, 'validate' | 'attendanceConflict' | 'inputLimits' | 'calculate'>,
  type: CalculationType,
  body: unknown,
  caller: CalculationCaller,
): Promise<Calculation> {
  let details = isObject(body) ? [...caller.details, ...engine.validate(type, body)] : [...caller.details];
  let versions: ProfileVersion[] | undefined;
  let lookedUp = false;
  // The schema says the spec's 0-7 dependents; a company whose profile opts in may send more. Its profile
  // is read here, still inside validation, so the answer keeps the order of checks (422 before 404) and
  // lists this problem with every other one.
  const limits = engine.inputLimits();
  if (
    dependentLimitDependsOnProfile(limits, type, body, details) &&
    isObject(body) &&
    typeof body.company_id === 'string' &&
    !details.some((d) => d.path[0] === 'company_id')
  ) {
    versions = await caller.profileVersions(body.company_id);
    lookedUp = true;
    details = widenForProfile(limits, type, body, details, versions);
  }
  // the words of the API's own validation_error: every problem is in the details
  if (details.length > 0 || !isObject(body)) throw new EngineError('validation_error', 'The request is invalid; see details.', details);
  const conflict = engine.attendanceConflict(type, body);
  if (conflict) throw new EngineError('attendance_input_conflict', conflict);
  const companyId = body.company_id as string;
  if (!lookedUp) versions = await caller.profileVersions(companyId);
  if (versions === undefined) throw caller.unknownCompany(companyId);
  const found = versions;
  return caller.admit(() => engine.calculate(type, body, found, { validated: true }));
}
