/**
 * employee_snapshot.birth_date (monthly payroll and bonus): when given, the employee's ages decide the
 * insurances (rules/social_insurance/social_insurance.insured_by_age.v1.yaml), so care_insurance_subject may
 * be left out; without it the flag is required, as the spec has it. A birth date after payment_date cannot
 * be an employee's. Whether a flag sent with a birth date agrees with it depends on the premium month and the
 * ages of the parameters master: that check is the rule's (a 422 naming both fields).
 */
import type { ValidationDetail } from '../../errors.ts';
import { isIsoDate } from '../../util/dates.ts';
import { detail, has, objAt, type Obj } from './read.ts';

export function checkEmployeeBirthDate(request: Obj): ValidationDetail[] {
  const snapshot = objAt(request, 'employee_snapshot');
  if (!snapshot) return [];
  const out: ValidationDetail[] = [];
  if (!has(snapshot, 'birth_date') && !has(snapshot, 'care_insurance_subject')) {
    out.push(
      detail(
        ['employee_snapshot', 'care_insurance_subject'],
        'required',
        'care_insurance_subject is required unless employee_snapshot.birth_date is given (then the age decides care insurance).',
      ),
    );
  }
  const birth = snapshot.birth_date;
  const pay = request.payment_date;
  if (isIsoDate(birth) && isIsoDate(pay) && birth > pay) {
    out.push(
      detail(['employee_snapshot', 'birth_date'], 'date_order', `birth_date (${birth}) must be on or before payment_date (${pay}).`),
    );
  }
  return out;
}
