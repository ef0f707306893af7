/**
 * The operator registry: every operator the rule interpreter knows. Families of near-identical
 * operators share one table-driven file (comparison, arithmetic, extrema, quantifiers); the others have
 * a file each. An expression using any other operator fails to compile (a load problem).
 */
import type { OperatorDef } from '../types.ts';
import { andOperator } from './and.ts';
import { ARITHMETIC_OPERATORS } from './arithmetic.ts';
import { bracketFormulaOperator } from './bracket-formula.ts';
import { catOperator } from './cat.ts';
import { clampOperator } from './clamp.ts';
import { COMPARISON_OPERATORS } from './comparison.ts';
import { doubleNotOperator } from './double-not.ts';
import { EXTREMA_OPERATORS } from './extrema.ts';
import { failIfOperator } from './fail-if.ts';
import { filterOperator } from './filter.ts';
import { ifOperator } from './if.ts';
import { inOperator } from './in.ts';
import { mapOperator } from './map.ts';
import { mergeOperator } from './merge.ts';
import { mergeIntervalsOperator } from './merge-intervals.ts';
import { missingOperator } from './missing.ts';
import { notOperator } from './not.ts';
import { orOperator } from './or.ts';
import { projectOperator } from './project.ts';
import { recordOperator } from './record.ts';
import { QUANTIFIER_OPERATORS } from './quantifiers.ts';
import { rangeLookupOperator } from './range-lookup.ts';
import { reduceOperator } from './reduce.ts';
import { requireOperator } from './require.ts';
import { roundOperator } from './round.ts';
import { sumByOperator } from './sum-by.ts';
import { varOperator } from './var.ts';
import { ageAtOperator } from './age-at.ts';
import { CALENDAR_MONTH_OPERATORS } from './calendar-months.ts';
import { CALENDAR_OPERATORS } from './calendar.ts';
import { PERIOD_YEAR_OPERATORS } from './period-years.ts';
import { countOperator } from './count.ts';
import { fieldOperator } from './field.ts';
import { filterEachOperator } from './filter-each.ts';
import { mapEachOperator } from './map-each.ts';

export const OPERATORS: readonly OperatorDef[] = [
  // data and control
  varOperator,
  ifOperator,
  andOperator,
  orOperator,
  notOperator,
  doubleNotOperator,
  // comparison: ==, !=, ===, !==, <, <=, >, >=
  ...COMPARISON_OPERATORS,
  // strings and membership
  inOperator,
  catOperator,
  missingOperator,
  // arithmetic (Decimal only): +, -, *, /, abs; min, max
  ...ARITHMETIC_OPERATORS,
  ...EXTREMA_OPERATORS,
  clampOperator,
  roundOperator,
  // arrays
  mapOperator,
  filterOperator,
  reduceOperator,
  // all, some, none
  ...QUANTIFIER_OPERATORS,
  mergeOperator,
  sumByOperator,
  projectOperator,
  recordOperator,
  countOperator,
  fieldOperator,
  mapEachOperator,
  filterEachOperator,
  // dates
  ageAtOperator,
  mergeIntervalsOperator,
  // add_months, month_range, year_of, month_of
  ...CALENDAR_MONTH_OPERATORS,
  // month_end, add_days, days_between, add_months_to_date
  ...CALENDAR_OPERATORS,
  // period_years, period_end
  ...PERIOD_YEAR_OPERATORS,
  // tables
  rangeLookupOperator,
  bracketFormulaOperator,
  // typed errors
  requireOperator,
  failIfOperator,
];

const BY_NAME = new Map<string, OperatorDef>();
for (const op of OPERATORS) {
  for (const name of op.names) {
    if (BY_NAME.has(name)) throw new Error(`operator "${name}" registered twice`);
    BY_NAME.set(name, op);
  }
}

export function getOperator(name: string): OperatorDef | undefined {
  return BY_NAME.get(name);
}

/** Every operator name the interpreter accepts. */
export function operatorNames(): string[] {
  return [...BY_NAME.keys()];
}

/** Operators whose second operand is evaluated with each array item (or {current, accumulator}) as scope. */
export const SCOPED_OPERATORS: ReadonlySet<string> = new Set(['map', 'filter', 'reduce', 'all', 'some', 'none']);

/** Operators whose second operand runs over the rule's scope plus the current item (`item`): its other variables are the rule's. */
export const ITEM_SCOPED_OPERATORS: ReadonlySet<string> = new Set(['map_each', 'filter_each']);
