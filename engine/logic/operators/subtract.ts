/** - — unary negation or binary difference over Decimal. Why: net amounts, excess over a bound. */
import { minus } from '../../decimal.ts';
import type { OperatorDef } from '../types.ts';
import { requireDecimal } from '../values.ts';

export const subtractOperator: OperatorDef = {
  names: ['-'],
  arity: [1, 2],
  compile(args, _raw, ctx) {
    const where = ctx.where;
    const [a, b] = args;
    if (!b) return (scope) => requireDecimal('-', where, a(scope), 1).neg();
    return (scope) => minus(requireDecimal('-', where, a(scope), 1), requireDecimal('-', where, b(scope), 2));
  },
};
