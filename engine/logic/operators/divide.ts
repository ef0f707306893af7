/**
 * / — binary Decimal division at the engine precision (50 significant digits; named roundings snap
 * to 20 places, see rounding/snap.ts). Why: hourly base, minutes / 60. Division by zero -> Error.
 */
import type { OperatorDef } from '../types.ts';
import { requireDecimal } from '../values.ts';

export const divideOperator: OperatorDef = {
  names: ['/'],
  arity: [2, 2],
  compile([a, b], _raw, ctx) {
    const where = ctx.where;
    return (scope) => {
      const x = requireDecimal('/', where, a(scope), 1);
      const y = requireDecimal('/', where, b(scope), 2);
      if (y.isZero()) throw new Error(`${where}: operator "/" division by zero (${x.toFixed()} / 0)`);
      return x.div(y);
    };
  },
};
