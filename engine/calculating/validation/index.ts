/**
 * Cross-field rules of every calculation request, run after the JSON schema (the engine exposes them
 * as Engine.validate). Each concern lives in its own file; this file says which apply to which type.
 * Never throws: malformed input yields the details it can, and the schema reports the rest.
 */
import type { CalculationType } from '../../calculation-type.ts';
import type { ValidationDetail } from '../../errors.ts';
import { checkBirthDatesWithinTaxYear } from './birth-dates.ts';
import { checkBonusAboveZero } from './bonus-amount.ts';
import { checkCandidateGross } from './candidate-gross.ts';
import { checkDateOrder } from './dates.ts';
import { checkDeterminationFields } from './determination-fields.ts';
import { checkEmployeeBirthDate } from './employee-birth-date.ts';
import { checkEmploymentInsuranceSubject, checkSocialInsuranceSubject } from './insurance-subjects.ts';
import { checkPayTypeMatrix } from './pay-type-matrix.ts';
import { isObj, objAt } from './read.ts';
import { checkUniqueCodes } from './unique-codes.ts';
import { checkLeaves, checkPremiumMonths } from './leaves.ts';
import { checkWorkingHours } from './working-hours.ts';

export { findAttendanceConflict } from './attendance-conflict.ts';

export function validateCrossFields(type: CalculationType, request: unknown): ValidationDetail[] {
  if (!isObj(request)) return [];
  switch (type) {
    case 'monthly_payroll':
      return joined(
        checkDateOrder(request, true),
        checkPayTypeMatrix(request),
        checkWorkingHours(request),
        checkSocialInsuranceSubject(objAt(request, 'employee_snapshot'), ['employee_snapshot'], true),
        checkEmployeeBirthDate(request),
        checkUniqueCodes(request, ['allowances', 'custom_deductions', 'previous_adjustments']),
        checkCandidateGross(request),
        checkLeaves(objAt(request, 'employee_snapshot'), ['employee_snapshot']),
      );
    case 'bonus':
      return joined(
        checkDateOrder(request, false),
        checkWorkingHours(request),
        checkSocialInsuranceSubject(objAt(request, 'employee_snapshot'), ['employee_snapshot'], false),
        checkEmployeeBirthDate(request),
        checkUniqueCodes(request, ['bonus_items', 'custom_deductions']),
        checkBonusAboveZero(request),
        checkLeaves(objAt(request, 'employee_snapshot'), ['employee_snapshot']),
      );
    case 'social_insurance_simulation':
      return joined(checkDateOrder(request, false), checkSocialInsuranceSubject(request, [], true));
    case 'employment_insurance_simulation':
      return joined(checkDateOrder(request, false), checkEmploymentInsuranceSubject(request));
    case 'income_tax_simulation':
    case 'standard_monthly_remuneration_resolution':
    case 'retirement_allowance':
      return checkDateOrder(request, false);
    case 'year_end_adjustment':
      return checkBirthDatesWithinTaxYear(request);
    case 'standard_monthly_remuneration_determination':
      return checkDeterminationFields(request);
    case 'leave_premium_exemption':
      return joined(
        checkSocialInsuranceSubject(objAt(request, 'employee_snapshot'), ['employee_snapshot'], true),
        checkLeaves(request, []),
        checkPremiumMonths(request),
      );
    default:
      return [];
  }
}

/** The details of every rule, in rule order; a valid request (every list empty) copies nothing. */
function joined(...lists: ValidationDetail[][]): ValidationDetail[] {
  let out: ValidationDetail[] | undefined;
  for (const list of lists) if (list.length) (out ??= []).push(...list);
  return out ?? [];
}
