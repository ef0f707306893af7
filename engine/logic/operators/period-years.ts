/**
 * Periods of whole years counted by the calendar (民法第143条: a period of years ends on the day before the
 * anniversary of its first day, or on the last day of the month when that day does not exist), the way
 * age_at counts a life. Why: lengths of service in whole years, a part of a year counted as a year or
 * dropped as the rule says (the years of service of a retirement allowance, the years two periods share).
 *  - period_years — [start, end, rounding]: the whole years from start to end, both days included
 *    (2016-01-01..2016-12-31 is 1), a part of a year left `up` (counted as a year) or `down` (dropped);
 *    an end before the start is an empty period: 0.
 *  - period_end — [start, years]: the last day of the period of that many whole years from start (0: the
 *    day before start, an empty period).
 * A value that is not a date, a rounding other than up or down, or a year count that is not a whole number
 * of at least 0 is an Error.
 */
import { toDecimal } from '../../decimal.ts';
import { addDays, firstOfMonth, isIsoDate } from '../../util/dates.ts';
import type { OperatorDef } from '../types.ts';
import { describe, isDecimal } from '../values.ts';
import { ageAt } from './age-at.ts';

function periodEnd(start: string, years: number): string {
  const month = `${String(Number(start.slice(0, 4)) + years).padStart(4, '0')}${start.slice(4, 8)}`;
  const anniversary = `${month}${start.slice(8)}`;
  // 29 February without one in the year: the period ends on the month's last day (28 February)
  return isIsoDate(anniversary) ? addDays(anniversary, -1) : addDays(firstOfMonth(`${month}01`, 1), -1);
}

function periodYears(start: string, end: string, up: boolean): number {
  if (end < start) return 0;
  const whole = ageAt(start, end);
  return up && periodEnd(start, whole) !== end ? whole + 1 : whole;
}

export const PERIOD_YEAR_OPERATORS: readonly OperatorDef[] = [
  {
    names: ['period_years'],
    arity: [3, 3],
    yields: 'number',
    compile([start, end, rounding], _raw, ctx) {
      return (scope) => {
        const [s, e, r] = [start(scope), end(scope), rounding(scope)];
        if (!isIsoDate(s) || !isIsoDate(e) || (r !== 'up' && r !== 'down'))
          throw new Error(
            `${ctx.where}: operator "period_years" needs two YYYY-MM-DD dates and up or down, got ${describe(s)}, ${describe(e)} and ${describe(r)}`,
          );
        return toDecimal(periodYears(s, e, r === 'up'));
      };
    },
  },
  {
    names: ['period_end'],
    arity: [2, 2],
    compile([start, years], _raw, ctx) {
      return (scope) => {
        const [s, n] = [start(scope), years(scope)];
        if (!isIsoDate(s) || !isDecimal(n) || !n.isInteger() || n.isNegative())
          throw new Error(
            `${ctx.where}: operator "period_end" needs a YYYY-MM-DD date and whole years, got ${describe(s)} and ${describe(n)}`,
          );
        return periodEnd(s, n.toNumber());
      };
    },
  },
];
