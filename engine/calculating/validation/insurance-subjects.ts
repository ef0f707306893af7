/**
 * Insurance subject consistency: care insurance only for social-insurance subjects; a subject needs a
 * basis above 0 (standard monthly remuneration for monthly payroll and the social insurance
 * simulation, subject_wage_total for the employment insurance simulation). Bonus requests do not use
 * the standard monthly remuneration, so it may be 0 there.
 */
import type { ValidationDetail } from '../../errors.ts';
import { detail, intAt, type Obj, type Path } from './read.ts';

export function checkSocialInsuranceSubject(fields: Obj | undefined, prefix: Path, requireRemuneration: boolean): ValidationDetail[] {
  if (!fields) return [];
  const out: ValidationDetail[] = [];
  if (fields.care_insurance_subject === true && fields.is_social_insurance_subject === false) {
    out.push(
      detail(
        [...prefix, 'care_insurance_subject'],
        'inconsistent_value',
        'care_insurance_subject cannot be true when is_social_insurance_subject is false.',
      ),
    );
  }
  if (requireRemuneration && fields.is_social_insurance_subject === true && intAt(fields, 'standard_monthly_remuneration') === 0) {
    out.push(
      detail(
        [...prefix, 'standard_monthly_remuneration'],
        'out_of_range',
        'standard_monthly_remuneration must be above 0 when is_social_insurance_subject is true.',
      ),
    );
  }
  return out;
}

export function checkEmploymentInsuranceSubject(request: Obj): ValidationDetail[] {
  if (request.is_employment_insurance_subject === true && intAt(request, 'subject_wage_total') === 0) {
    return [
      detail(['subject_wage_total'], 'out_of_range', 'subject_wage_total must be above 0 when is_employment_insurance_subject is true.'),
    ];
  }
  return [];
}
