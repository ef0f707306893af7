/** * — n-ary Decimal product (exact up to the engine's 50 significant digits). Why: amount x rate. */
import type { Decimal } from '../../decimal.ts';
import type { OperatorDef } from '../types.ts';
import { requireDecimal } from '../values.ts';

export const multiplyOperator: OperatorDef = {
  names: ['*'],
  arity: [1, Infinity],
  compile(args, _raw, ctx) {
    const where = ctx.where;
    if (args.length === 2) {
      const [a, b] = args;
      return (scope) => requireDecimal('*', where, a(scope), 1).times(requireDecimal('*', where, b(scope), 2));
    }
    return (scope) => {
      let p: Decimal = requireDecimal('*', where, args[0](scope), 1);
      for (let i = 1; i < args.length; i++) p = p.times(requireDecimal('*', where, args[i](scope), i + 1));
      return p;
    };
  },
};
