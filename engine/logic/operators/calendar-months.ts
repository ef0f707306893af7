/**
 * Calendar-month operators, one table row each: add_months [date_or_month, n] gives the month (YYYY-MM)
 * n months later (negative: earlier); year_of and month_of [date_or_month] give the year and the month
 * number (1-12) as Decimals; month_range [from, to] the months from `from` to `to`, both included, in order
 * (empty when to is earlier). A date_or_month is YYYY-MM or YYYY-MM-DD (the day is ignored). Why: periods
 * counted in months (a revision effective from the 4th month, a validity ending in August of a year).
 * A value that is neither form, or a fractional month count, is an Error (a rule bug or a request the schema
 * refuses first).
 */
import { toDecimal } from '../../decimal.ts';
import { isIsoDate } from '../../util/dates.ts';
import type { Evaluator, OperatorDef, Value } from '../types.ts';
import { describe, isDecimal } from '../values.ts';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** [year, month 1-12] of a YYYY-MM or YYYY-MM-DD string, or undefined. */
export function yearMonthOf(v: unknown): [number, number] | undefined {
  if (typeof v !== 'string') return undefined;
  const text = isIsoDate(v) ? v.slice(0, 7) : v;
  const m = MONTH.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** The month n months from (year, month), as YYYY-MM. */
export function addMonths(year: number, month: number, n: number): string {
  const index = year * 12 + (month - 1) + n;
  const y = Math.floor(index / 12);
  return `${String(y).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

type MonthOp = (ym: [number, number], rest: Value[], where: string) => Value;

const MONTH_OPERATORS: readonly (readonly [name: string, arity: number, op: MonthOp])[] = [
  [
    'add_months',
    2,
    ([y, m], [n], where) => {
      if (!isDecimal(n) || !n.isInteger())
        throw new Error(`${where}: operator "add_months" needs a whole number of months, got ${describe(n)}`);
      return addMonths(y, m, n.toNumber());
    },
  ],
  [
    'month_range',
    2,
    ([y, m], [to], where) => {
      const end = yearMonthOf(to);
      if (!end) throw new Error(`${where}: operator "month_range" needs a YYYY-MM or YYYY-MM-DD end, got ${describe(to)}`);
      const count = (end[0] - y) * 12 + (end[1] - m);
      return Array.from({ length: Math.max(count + 1, 0) }, (_, i) => addMonths(y, m, i));
    },
  ],
  ['year_of', 1, ([y]) => toDecimal(y)],
  ['month_of', 1, ([, m]) => toDecimal(m)],
];

/** add_months, year_of, month_of. */
export const CALENDAR_MONTH_OPERATORS: readonly OperatorDef[] = MONTH_OPERATORS.map(([name, arity, op]) => ({
  names: [name],
  arity: [arity, arity],
  compile(args: Evaluator[], _raw, ctx) {
    const where = ctx.where;
    return (scope) => {
      const first = args[0](scope);
      const ym = yearMonthOf(first);
      if (!ym) throw new Error(`${where}: operator "${name}" needs a YYYY-MM or YYYY-MM-DD value, got ${describe(first)}`);
      return op(
        ym,
        args.slice(1).map((a) => a(scope)),
        where,
      );
    };
  },
}));
