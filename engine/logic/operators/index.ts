/**
 * The operator registry: every operator the rule interpreter knows, one file each. An expression using
 * any other operator fails to compile (a load problem).
 */
import type { OperatorDef } from '../types.ts';
import { absOperator } from './abs.ts';
import { addOperator } from './add.ts';
import { allOperator } from './all.ts';
import { andOperator } from './and.ts';
import { bracketFormulaOperator } from './bracket-formula.ts';
import { catOperator } from './cat.ts';
import { clampOperator } from './clamp.ts';
import { divideOperator } from './divide.ts';
import { doubleNotOperator } from './double-not.ts';
import { equalsOperator } from './equals.ts';
import { failIfOperator } from './fail-if.ts';
import { filterOperator } from './filter.ts';
import { greaterOrEqualOperator } from './greater-or-equal.ts';
import { greaterThanOperator } from './greater-than.ts';
import { ifOperator } from './if.ts';
import { inOperator } from './in.ts';
import { lessOrEqualOperator } from './less-or-equal.ts';
import { lessThanOperator } from './less-than.ts';
import { mapOperator } from './map.ts';
import { maxOperator } from './max.ts';
import { mergeOperator } from './merge.ts';
import { minOperator } from './min.ts';
import { missingOperator } from './missing.ts';
import { multiplyOperator } from './multiply.ts';
import { noneOperator } from './none.ts';
import { notEqualsOperator } from './not-equals.ts';
import { notOperator } from './not.ts';
import { orOperator } from './or.ts';
import { projectOperator } from './project.ts';
import { rangeLookupOperator } from './range-lookup.ts';
import { reduceOperator } from './reduce.ts';
import { requireOperator } from './require.ts';
import { roundOperator } from './round.ts';
import { someOperator } from './some.ts';
import { strictEqualsOperator } from './strict-equals.ts';
import { strictNotEqualsOperator } from './strict-not-equals.ts';
import { subtractOperator } from './subtract.ts';
import { sumByOperator } from './sum-by.ts';
import { varOperator } from './var.ts';

export const OPERATORS: readonly OperatorDef[] = [
  // data and control
  varOperator,
  ifOperator,
  andOperator,
  orOperator,
  notOperator,
  doubleNotOperator,
  // comparison
  equalsOperator,
  notEqualsOperator,
  strictEqualsOperator,
  strictNotEqualsOperator,
  lessThanOperator,
  lessOrEqualOperator,
  greaterThanOperator,
  greaterOrEqualOperator,
  // strings and membership
  inOperator,
  catOperator,
  missingOperator,
  // arithmetic (Decimal only)
  addOperator,
  subtractOperator,
  multiplyOperator,
  divideOperator,
  minOperator,
  maxOperator,
  absOperator,
  clampOperator,
  roundOperator,
  // arrays
  mapOperator,
  filterOperator,
  reduceOperator,
  allOperator,
  someOperator,
  noneOperator,
  mergeOperator,
  sumByOperator,
  projectOperator,
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
