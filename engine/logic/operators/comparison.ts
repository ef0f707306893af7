/**
 * The comparison family, one table each for equality and ordering (like ajv's limitNumber.ts).
 *
 * Equality. Why: rules compare codes, enum strings and amounts.
 *  - == loose: Decimal vs Decimal by value, a Decimal equals a numeric string of the same value,
 *    booleans compare as 1/0, null only equals null; != is its negation.
 *  - === strict: Decimal vs Decimal by value, a Decimal never equals a string (column 'kou', method
 *    names, without coercion); !== is its negation.
 *
 * Ordering (<, <=, >, >=). Why: thresholds in rules. Decimal ordering; strings compare
 * lexicographically (ISO dates). Three operands are the "between" form: {"<": [a, b, c]} is a < b and
 * b < c. Operands that are neither both numbers nor both strings are a rule bug -> Error.
 */
import type { OperatorDef } from '../types.ts';
import { compareValues, looseEquals, strictEquals } from '../values.ts';

const EQUALITIES: readonly (readonly [name: string, equal: (a: unknown, b: unknown) => boolean, negated: boolean])[] = [
  ['==', looseEquals, false],
  ['!=', looseEquals, true],
  ['===', strictEquals, false],
  ['!==', strictEquals, true],
];

const equalityOperators: OperatorDef[] = EQUALITIES.map(([name, equal, negated]) => ({
  names: [name],
  arity: [2, 2],
  yields: 'boolean',
  compile([a, b]) {
    return negated ? (scope) => !equal(a(scope), b(scope)) : (scope) => equal(a(scope), b(scope));
  },
}));

/** Each ordering as the test it makes of compareValues' sign. */
const ORDERINGS: readonly (readonly [name: string, holds: (sign: number) => boolean])[] = [
  ['<', (r) => r < 0],
  ['<=', (r) => r <= 0],
  ['>', (r) => r > 0],
  ['>=', (r) => r >= 0],
];

const orderingOperators: OperatorDef[] = ORDERINGS.map(([name, test]) => ({
  names: [name],
  arity: [2, 3],
  yields: 'boolean',
  compile(args, _raw, ctx) {
    const where = ctx.where;
    const holds = (x: unknown, y: unknown) => test(compareValues(name, where, x, y));
    const [a, b, c] = args;
    if (!c) return (scope) => holds(a(scope), b(scope));
    return (scope) => {
      const bv = b(scope);
      return holds(a(scope), bv) && holds(bv, c(scope));
    };
  },
}));

/** ==, !=, ===, !==, <, <=, >, >= in that order. */
export const COMPARISON_OPERATORS: readonly OperatorDef[] = [...equalityOperators, ...orderingOperators];
