/** Date order rules: calculation_date <= payment_date (every request), period.start_date <= end_date (monthly). */
import { isIsoDate } from '../util/dates.ts';
import type { ValidationDetail } from '../errors.ts';
import { detail, isObj, type Obj } from './read.ts';

export function checkDateOrder(request: Obj, withPeriod: boolean): ValidationDetail[] {
  const out: ValidationDetail[] = [];
  const { calculation_date: calc, payment_date: pay } = request;
  if (isIsoDate(calc) && isIsoDate(pay) && calc > pay) {
    out.push(detail(['calculation_date'], 'date_order', `calculation_date (${calc}) must be on or before payment_date (${pay}).`));
  }
  const period = isObj(request.period) ? request.period : undefined; // objAt, read by name
  if (withPeriod && period && isIsoDate(period.start_date) && isIsoDate(period.end_date) && period.end_date < period.start_date) {
    out.push(
      detail(
        ['period', 'end_date'],
        'date_order',
        `period.end_date (${period.end_date}) must be on or after period.start_date (${period.start_date}).`,
      ),
    );
  }
  return out;
}
