/**
 * tax_dependent_count above the printed dependents columns (the spec's 0-7): refused by default, as the
 * spec says; accepted up to the monthly tables' tax_dependent_count_max only for a company whose profile
 * in force on payment_date opts in (income_tax.dependents_beyond_seven: statutory_reduction).
 * docs/decisions.md "Dependents beyond seven".
 *
 * The request schema states the default limit, so the schema check alone answers exactly as the spec.
 * - widenForProfile: the API's validation (server, batch, golden runner) replaces the schema's
 *   out_of_range detail by the limit of an opted-in company's profile (usually: drops it);
 * - dependentCountDetail: the engine's own check once the profile is resolved, so no caller that skipped
 *   that validation computes beyond the printed columns without the opt-in.
 * Both limits are the loaded masters' (Engine.inputLimits(), engine/loading/masters/input-limits.ts).
 */
import type { CalculationType } from '../../calculation-type.ts';
import type { ValidationDetail } from '../../errors.ts';
import type { InputLimits } from '../../loading/masters/input-limits.ts';
import { resolveProfile } from '../../loading/profile/resolve.ts';
import type { ProfileVersion } from '../../loading/profile/types.ts';
import { isIsoDate } from '../../util/dates.ts';
import { intAt, isObj, objAt } from './read.ts';

/** Where each tax-related request carries the count. */
const COUNT_PATHS: Partial<Record<CalculationType, readonly string[]>> = {
  monthly_payroll: ['employee_snapshot', 'tax_dependent_count'],
  bonus: ['employee_snapshot', 'tax_dependent_count'],
  income_tax_simulation: ['tax_dependent_count'],
};

/** The profile's opt-in to the tables' rule for dependents beyond the printed columns. */
function dependentsBeyondPrintedAllowed(profile: Pick<ProfileVersion, 'income_tax'> | undefined): boolean {
  return profile?.income_tax?.dependents_beyond_seven === 'statutory_reduction';
}

function countOf(path: readonly string[], request: Record<string, unknown>): number | undefined {
  const holder = path.length === 2 ? objAt(request, path[0]) : request;
  return intAt(holder, path[path.length - 1]);
}

function isCountDetail(d: ValidationDetail, path: readonly string[]): boolean {
  return d.code === 'out_of_range' && d.path.length === path.length && d.path.every((p, i) => p === path[i]);
}

/** The out_of_range detail for a count above what the profile allows (the default: the printed columns), or null. */
export function dependentCountDetail(
  limits: InputLimits,
  type: CalculationType,
  request: Record<string, unknown>,
  profile: Pick<ProfileVersion, 'income_tax'> | undefined,
): ValidationDetail | null {
  const path = COUNT_PATHS[type];
  if (!path) return null;
  const count = countOf(path, request);
  const max = dependentsBeyondPrintedAllowed(profile) ? limits.tax_dependent_count_max : limits.tax_dependent_count_printed_max;
  return count !== undefined && count > max ? { path: [...path], code: 'out_of_range', message: `must be <= ${max}.` } : null;
}

/**
 * Whether the company's profile can change these details: the schema refused a count above the printed
 * columns. Only then does the server look the company up during validation.
 */
export function dependentLimitDependsOnProfile(
  limits: InputLimits,
  type: CalculationType,
  request: unknown,
  details: readonly ValidationDetail[],
): boolean {
  const path = COUNT_PATHS[type];
  if (!path || !isObj(request)) return false;
  const count = countOf(path, request);
  return count !== undefined && count > limits.tax_dependent_count_printed_max && details.some((d) => isCountDetail(d, path));
}

/**
 * The details with the schema's default limit replaced by the limit of the company's profile in force on
 * payment_date: unchanged without an opted-in profile (an unknown company, no profile, an invalid date).
 */
export function widenForProfile(
  limits: InputLimits,
  type: CalculationType,
  request: unknown,
  details: ValidationDetail[],
  versions: readonly ProfileVersion[] | undefined,
): ValidationDetail[] {
  if (!versions || !dependentLimitDependsOnProfile(limits, type, request, details)) return details;
  const body = request as Record<string, unknown>;
  const profile = isIsoDate(body.payment_date) ? resolveProfile(versions, body.payment_date) : undefined;
  if (!dependentsBeyondPrintedAllowed(profile)) return details;
  const path = COUNT_PATHS[type]!;
  const replacement = dependentCountDetail(limits, type, body, profile);
  const out: ValidationDetail[] = [];
  for (const d of details) {
    if (!isCountDetail(d, path)) out.push(d);
    else if (replacement) out.push(replacement);
  }
  return out;
}
