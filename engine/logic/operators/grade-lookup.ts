/**
 * grade_lookup — [grades, x] -> the grade with from <= x < to (to null = open). Below the first
 * grade's from -> the first grade; at/above the last bound -> the last grade (spec: open-ended rows,
 * not an error). Why: standard monthly remuneration resolution (health and pension grade tables).
 * Returns {grade, standard_monthly_remuneration, from, to, bounds_status, index} (index 0-based; all
 * numbers as Decimal). An empty grade list -> EngineError settings_not_resolved.
 */
import { Decimal, toDecimal } from '../../decimal.ts';
import { EngineError } from '../../errors.ts';
import type { Grade } from '../../masters/types.ts';
import type { OperatorDef, Value } from '../types.ts';
import { describe, requireDecimal, isDecimal } from '../values.ts';

function dec(v: unknown): Decimal {
  return isDecimal(v) ? (v as Decimal) : toDecimal(v);
}

export function lookupGrade(grades: Grade[], x: Decimal): { grade: Grade; index: number } {
  // last grade whose from <= x (grades are ascending and contiguous); x below the first -> first
  let lo = 0;
  let hi = grades.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (dec(grades[mid].from).lte(x)) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return { grade: grades[found], index: found };
}

export const gradeLookupOperator: OperatorDef = {
  names: ['grade_lookup'],
  arity: [2, 2],
  compile([gradesEv, xEv], _raw, ctx) {
    const where = ctx.where;
    return (scope) => {
      const grades = gradesEv(scope) as unknown as Grade[] | null;
      if (grades !== null && !Array.isArray(grades)) {
        throw new Error(`${where}: operator "grade_lookup" needs a grade array, got ${describe(grades)}`);
      }
      if (!grades || grades.length === 0) throw new EngineError('settings_not_resolved', 'the resolved grade table has no grade rows');
      const x = requireDecimal('grade_lookup', where, xEv(scope), 2);
      const { grade: g, index } = lookupGrade(grades, x);
      const out: { [k: string]: Value } = {
        grade: dec(g.grade),
        standard_monthly_remuneration: dec(g.standard_monthly_remuneration),
        from: dec(g.from),
        to: g.to === null || g.to === undefined ? null : dec(g.to),
        bounds_status: g.bounds_status ?? 'confirmed',
        index: new Decimal(index),
      };
      return out;
    };
  },
};
