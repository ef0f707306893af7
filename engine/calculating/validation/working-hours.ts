/**
 * Ranges of the scheduled-hours decimal strings: monthly 1 to 744 (31 days x 24 h), daily above 0 and
 * at most 24. The schema checks the string format; the value is compared exactly as a decimal.
 */
import { Decimal } from '../../decimal.ts';
import type { ValidationDetail } from '../../errors.ts';
import { detail, objAt, type Obj } from './read.ts';

const DECIMAL = /^\d+(\.\d+)?$/;

export function checkWorkingHours(request: Obj): ValidationDetail[] {
  const snapshot = objAt(request, 'employee_snapshot');
  if (!snapshot) return [];
  const out: ValidationDetail[] = [];
  const monthly = snapshot.monthly_standard_working_hours;
  if (typeof monthly === 'string' && DECIMAL.test(monthly)) {
    if (!within(monthly, 'monthly'))
      out.push(
        detail(
          ['employee_snapshot', 'monthly_standard_working_hours'],
          'out_of_range',
          'monthly_standard_working_hours must be between 1 and 744.',
        ),
      );
  }
  const daily = snapshot.daily_standard_working_hours;
  if (typeof daily === 'string' && DECIMAL.test(daily)) {
    if (!within(daily, 'daily'))
      out.push(
        detail(
          ['employee_snapshot', 'daily_standard_working_hours'],
          'out_of_range',
          'daily_standard_working_hours must be above 0 and at most 24.',
        ),
      );
  }
  return out;
}

/**
 * The range verdicts (monthly 1 to 744, daily above 0 to 24), exact on the decimal string and kept per
 * string: a payroll run sends the same few hour values again and again. Bounded, then started afresh.
 */
const verdicts = new Map<string, boolean>();
function within(hours: string, kind: 'monthly' | 'daily'): boolean {
  const key = `${kind}:${hours}`;
  let ok = verdicts.get(key);
  if (ok === undefined) {
    const v = new Decimal(hours);
    ok = kind === 'monthly' ? !(v.lt(1) || v.gt(744)) : !(v.lte(0) || v.gt(24));
    if (verdicts.size >= 1024) verdicts.clear();
    verdicts.set(key, ok);
  }
  return ok;
}
