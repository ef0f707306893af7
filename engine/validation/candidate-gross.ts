/**
 * Spec cross-field rule 2: the candidate gross total must not be negative. It uses only what the
 * request itself determines (decisions.md 3b), so it needs no settings: base pay (monthly base_pay;
 * hourly ceil(hourly_rate x base_work_minutes / 60); daily daily_rate x attendance_days) + overtime_pay
 * + allowances + previous_adjustments - absence_deduction - late_early_leave_deduction.
 * BigInt keeps the sum exact whatever the item count. Attendance-derived deductions need the profile's
 * rates and are checked later by the calculation (negative_gross_payment).
 */
import type { ValidationDetail } from '../errors.ts';
import { payTypeOf } from './pay-type-matrix.ts';
import { detail, intAt, isObj, itemsAt, objAt, type Obj } from './read.ts';

function basePay(request: Obj): bigint | undefined {
  const payType = payTypeOf(request);
  const attendance = objAt(request, 'attendance_input');
  if (payType === 'monthly') {
    const v = intAt(request, 'base_pay');
    return v === undefined ? undefined : BigInt(v);
  }
  if (payType === 'hourly') {
    const rate = intAt(request, 'hourly_rate');
    const minutes = intAt(attendance, 'base_work_minutes');
    if (rate === undefined || minutes === undefined) return undefined;
    const raw = BigInt(rate) * BigInt(minutes);
    return (raw + 59n) / 60n; // ceil for non-negative values
  }
  if (payType === 'daily') {
    const rate = intAt(request, 'daily_rate');
    const days = intAt(attendance, 'attendance_days');
    return rate === undefined || days === undefined ? undefined : BigInt(rate) * BigInt(days);
  }
  return undefined;
}

function sumOfAmounts(request: Obj, key: string): bigint | undefined {
  let sum = 0n;
  for (const item of itemsAt(request, key)) {
    const amount = isObj(item) ? intAt(item, 'amount') : undefined;
    if (amount === undefined) return undefined;
    sum += BigInt(amount);
  }
  return sum;
}

export function checkCandidateGross(request: Obj): ValidationDetail[] {
  const base = basePay(request);
  const allowances = sumOfAmounts(request, 'allowances');
  const adjustments = sumOfAmounts(request, 'previous_adjustments');
  const optional = (key: string) => (request[key] === undefined ? 0 : intAt(request, key));
  const overtime = optional('overtime_pay');
  const absence = optional('absence_deduction');
  const lateEarly = optional('late_early_leave_deduction');
  if (base === undefined || allowances === undefined || adjustments === undefined || overtime === undefined || absence === undefined || lateEarly === undefined) {
    return []; // an input is missing or malformed and is reported by another rule
  }
  const total = base + BigInt(overtime) + allowances + adjustments - BigInt(absence) - BigInt(lateEarly);
  if (total >= 0n) return [];
  return [
    detail(
      [],
      'negative_candidate_gross',
      `The candidate gross total (base pay ${base} + overtime_pay ${overtime} + allowances ${allowances} + previous_adjustments ${adjustments} - absence_deduction ${absence} - late_early_leave_deduction ${lateEarly}) is ${total} yen; it must not be negative.`,
    ),
  ];
}
