/** abs — absolute value of a Decimal. Why: magnitude checks on adjustments. */
import type { OperatorDef } from '../types.ts';
import { requireDecimal } from '../values.ts';

export const absOperator: OperatorDef = {
  names: ['abs'],
  arity: [1, 1],
  compile([a], _raw, ctx) {
    const where = ctx.where;
    return (scope) => requireDecimal('abs', where, a(scope), 1).abs();
  },
};
