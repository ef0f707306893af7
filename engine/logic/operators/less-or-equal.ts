/**
 * <= — Decimal ordering (strings compare lexicographically, e.g. ISO dates). Why: thresholds in rules.
 * Three operands are the "between" form: {"<=": [a, b, c]} is a <= b and b <= c.
 * Operands that are neither both numbers nor both strings are a rule bug -> Error.
 */
import type { OperatorDef } from '../types.ts';
import { compareValues } from '../values.ts';

export const lessOrEqualOperator: OperatorDef = {
  names: ['<='],
  arity: [2, 3],
  compile(args, _raw, ctx) {
    const where = ctx.where;
    const holds = (x: unknown, y: unknown) => {
      const r = compareValues('<=', where, x, y);
      return r <= 0;
    };
    const [a, b, c] = args;
    if (!c) return (scope) => holds(a(scope), b(scope));
    return (scope) => {
      const bv = b(scope);
      return holds(a(scope), bv) && holds(bv, c(scope));
    };
  },
};
