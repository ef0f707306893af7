/**
 * age_at — [birth_date, as_of]: the age in whole years on as_of (both YYYY-MM-DD), counted the Japanese
 * legal way (the statute is cited by the rules that use it): a person attains a year of age at the end of the day
 * before the birthday, so the age on a date is the completed years on the day after it. One born on
 * 1 January is already a year older on 31 December; one born on 29 February gains a year at the end of
 * 28 February in a common year. Why: eligibility by age at a date (dependants at 31 December, ...).
 * A birth date after as_of, or a value that is not a date, is an Error (the request schema refuses it first).
 */
import { toDecimal } from '../../decimal.ts';
import { addDays, isIsoDate } from '../../util/dates.ts';
import type { OperatorDef } from '../types.ts';
import { describe } from '../values.ts';

export function ageAt(birthDate: string, asOf: string): number {
  const next = addDays(asOf, 1); // the age attained at the end of as_of is the age on the next day
  if (birthDate > next) throw new Error(`age_at: birth date ${birthDate} is after ${asOf}`);
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ny, nm, nd] = next.split('-').map(Number);
  const beforeBirthday = nm < bm || (nm === bm && nd < bd);
  return ny - by - (beforeBirthday ? 1 : 0);
}

export const ageAtOperator: OperatorDef = {
  names: ['age_at'],
  arity: [2, 2],
  compile([birth, asOf], _raw, ctx) {
    return (scope) => {
      const b = birth(scope);
      const d = asOf(scope);
      if (!isIsoDate(b) || !isIsoDate(d))
        throw new Error(`${ctx.where}: operator "age_at" needs two YYYY-MM-DD dates, got ${describe(b)} and ${describe(d)}`);
      return toDecimal(ageAt(b, d));
    };
  },
};
