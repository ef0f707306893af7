/**
 * Date rules: calculation_date <= payment_date (every request); for monthly payroll, period.start_date
 * <= end_date, a period of at most 31 days, and payroll_month one of the months from the period's start
 * to the payment date (a 2019-01 payroll month for May 2026 dates, or a ten-year period, was answered 200).
 * A payment dated before the period's last month (paid in advance) still admits the months of the
 * period itself: the payroll month is then one of the period's months.
 */
import { daysBetween, isIsoDate } from '../../util/dates.ts';
import type { ValidationDetail } from '../../errors.ts';
import { detail, isObj, type Obj } from './read.ts';

/** A payroll period covers at most one calendar month's worth of days. */
const MAX_PERIOD_DAYS = 31;

function checkPeriod(period: Obj, payment: unknown, out: ValidationDetail[]): void {
  const { start_date: start, end_date: end, payroll_month: month } = period;
  if (!isIsoDate(start) || !isIsoDate(end)) return;
  if (end < start) {
    out.push(detail(['period', 'end_date'], 'date_order', `period.end_date (${end}) must be on or after period.start_date (${start}).`));
    return;
  }
  const days = daysBetween(start, end) + 1;
  if (days > MAX_PERIOD_DAYS) {
    out.push(
      detail(
        ['period', 'end_date'],
        'out_of_range',
        `the period from period.start_date (${start}) to period.end_date (${end}) is ${days} days; a payroll period is at most ${MAX_PERIOD_DAYS} days.`,
      ),
    );
  }
  if (typeof month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || !isIsoDate(payment)) return;
  const first = start.slice(0, 7);
  const paid = payment.slice(0, 7);
  const last = paid > end.slice(0, 7) ? paid : end.slice(0, 7);
  if (month < first || month > last) {
    const to = last === paid ? `payment_date's (${paid})` : `period.end_date's (${last})`;
    out.push(
      detail(
        ['period', 'payroll_month'],
        'date_order',
        `payroll_month (${month}) must be a month from period.start_date's (${first}) to ${to}.`,
      ),
    );
  }
}

export function checkDateOrder(request: Obj, withPeriod: boolean): ValidationDetail[] {
  const out: ValidationDetail[] = [];
  const { calculation_date: calc, payment_date: pay } = request;
  if (isIsoDate(calc) && isIsoDate(pay) && calc > pay) {
    out.push(detail(['calculation_date'], 'date_order', `calculation_date (${calc}) must be on or before payment_date (${pay}).`));
  }
  const period = isObj(request.period) ? request.period : undefined; // objAt, read by name
  if (withPeriod && period) checkPeriod(period, pay, out);
  return out;
}
