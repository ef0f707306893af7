/**
 * age_at — [birth_date, as_of]: the age in whole years on as_of (both YYYY-MM-DD), counted the Japanese
 * legal way (the statute is cited by the rules that use it): a person attains a year of age at the end of the day
 * before the birthday, so the age on a date is the completed years on the day after it. One born on
 * 1 January is already a year older on 31 December; one born on 29 February gains a year at the end of
 * 28 February in a common year. Why: eligibility by age at a date (dependants at 31 December, ...).
 * A birth date after as_of, or a value that is not a date, is an Error (the request schema refuses it first).
 */
import { keptDecimal, toDecimal } from '../../decimal.ts';
import { daysInMonth, digitsAt, isIsoDate } from '../../util/dates.ts';
import type { OperatorDef } from '../types.ts';
import { describe } from '../values.ts';

/** Two dates isIsoDate accepted, read as numbers: no Date and no string made per call. */
export function ageAt(birthDate: string, asOf: string): number {
  // the age attained at the end of as_of is the age on the next day
  let ny = digitsAt(asOf, 0, 4);
  let nm = digitsAt(asOf, 5, 7);
  let nd = digitsAt(asOf, 8, 10) + 1;
  if (nd > daysInMonth(ny, nm)) {
    nd = 1;
    nm = (nm % 12) + 1;
    if (nm === 1) ny++;
  }
  const by = digitsAt(birthDate, 0, 4);
  const bm = digitsAt(birthDate, 5, 7);
  const bd = digitsAt(birthDate, 8, 10);
  const beforeBirthday = nm < bm || (nm === bm && nd < bd);
  if (by > ny || (by === ny && beforeBirthday)) throw new Error(`age_at: birth date ${birthDate} is after ${asOf}`);
  return ny - by - (beforeBirthday ? 1 : 0);
}

/** The ages 0-150 as Decimals, made once: an age is asked of every relative of every year-end request. */
const AGES = Array.from({ length: 151 }, (_, i) => keptDecimal(i));

export const ageAtOperator: OperatorDef = {
  names: ['age_at'],
  arity: [2, 2],
  compile([birth, asOf], _raw, ctx) {
    return (scope) => {
      const b = birth(scope);
      const d = asOf(scope);
      if (!isIsoDate(b) || !isIsoDate(d))
        throw new Error(`${ctx.where}: operator "age_at" needs two YYYY-MM-DD dates, got ${describe(b)} and ${describe(d)}`);
      const age = ageAt(b, d);
      return AGES[age] ?? toDecimal(age);
    };
  },
};
