/**
 * Calendar operators, one table (like comparison.ts). Why: eligibility decided by a month, e.g. an
 * insurance whose premium is due for a month when an age is attained by that month's last day.
 *  - month_end — [month]: the last day (YYYY-MM-DD) of a month given as YYYY-MM or as any YYYY-MM-DD in it.
 *  - add_days  — [date, days]: the date `days` whole days after date (negative goes back), YYYY-MM-DD.
 *  - days_between — [from, to]: the whole days from `from` to `to` (negative when to is earlier).
 *  - add_months_to_date — [date, n]: the same day n months later (negative: earlier), or the last day of
 *    that month when it has no such day (1-31 + 1 month = 2-28). Why: periods counted in months from a date.
 * A value that is not a month or a date, or a day count that is not a whole number, is an Error.
 */
import { isDecimal } from '../../decimal.ts';
import { addDays, daysBetween, firstOfMonth, isIsoDate } from '../../util/dates.ts';
import { toDecimal } from '../../decimal.ts';
import type { OperatorDef } from '../types.ts';
import { describe } from '../values.ts';

/** Month ends already worked out, by YYYY-MM (a payroll asks for the same few months), bounded. */
const monthEnds = new Map<string, string>();
const MAX_MONTHS = 1024;

function monthEnd(month: string): string {
  const key = month.slice(0, 7);
  let end = monthEnds.get(key);
  if (end === undefined) {
    end = addDays(firstOfMonth(`${key}-01`, 1), -1);
    if (monthEnds.size >= MAX_MONTHS) monthEnds.clear();
    monthEnds.set(key, end);
  }
  return end;
}

function monthOrDate(v: unknown): v is string {
  return typeof v === 'string' && (isIsoDate(v) || (/^\d{4}-\d{2}$/.test(v) && isIsoDate(`${v}-01`)));
}

const monthEndOperator: OperatorDef = {
  names: ['month_end'],
  arity: [1, 1],
  compile([month], _raw, ctx) {
    return (scope) => {
      const m = month(scope);
      if (!monthOrDate(m))
        throw new Error(`${ctx.where}: operator "month_end" needs a YYYY-MM month or a YYYY-MM-DD date, got ${describe(m)}`);
      return monthEnd(m);
    };
  },
};

const addDaysOperator: OperatorDef = {
  names: ['add_days'],
  arity: [2, 2],
  compile([date, days], _raw, ctx) {
    return (scope) => {
      const d = date(scope);
      const n = days(scope);
      if (!isIsoDate(d) || !isDecimal(n) || !n.isInteger())
        throw new Error(
          `${ctx.where}: operator "add_days" needs a YYYY-MM-DD date and a whole number of days, got ${describe(d)} and ${describe(n)}`,
        );
      return addDays(d, n.toNumber());
    };
  },
};

const daysBetweenOperator: OperatorDef = {
  names: ['days_between'],
  arity: [2, 2],
  yields: 'number',
  compile([from, to], _raw, ctx) {
    return (scope) => {
      const a = from(scope);
      const b = to(scope);
      if (!isIsoDate(a) || !isIsoDate(b))
        throw new Error(`${ctx.where}: operator "days_between" needs two YYYY-MM-DD dates, got ${describe(a)} and ${describe(b)}`);
      return toDecimal(daysBetween(a, b));
    };
  },
};

const addMonthsToDateOperator: OperatorDef = {
  names: ['add_months_to_date'],
  arity: [2, 2],
  compile([date, months], _raw, ctx) {
    return (scope) => {
      const d = date(scope);
      const n = months(scope);
      if (!isIsoDate(d) || !isDecimal(n) || !n.isInteger())
        throw new Error(
          `${ctx.where}: operator "add_months_to_date" needs a YYYY-MM-DD date and a whole number of months, got ${describe(d)} and ${describe(n)}`,
        );
      const first = firstOfMonth(d, n.toNumber());
      const end = monthEnd(first);
      const day = `${first.slice(0, 8)}${d.slice(8, 10)}`;
      return day > end ? end : day;
    };
  },
};

export const CALENDAR_OPERATORS: readonly OperatorDef[] = [monthEndOperator, addDaysOperator, daysBetweenOperator, addMonthsToDateOperator];
