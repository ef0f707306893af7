/** min — smallest of the Decimal operands. Why: caps (standard bonus cap, pension maximum). */
import { compare } from '../../decimal.ts';
import type { OperatorDef } from '../types.ts';
import { requireDecimal } from '../values.ts';

export const minOperator: OperatorDef = {
  names: ['min'],
  arity: [1, Infinity],
  compile(args, _raw, ctx) {
    const where = ctx.where;
    return (scope) => {
      let m = requireDecimal('min', where, args[0](scope), 1);
      for (let i = 1; i < args.length; i++) {
        const v = requireDecimal('min', where, args[i](scope), i + 1);
        if (compare(v, m) < 0) m = v;
      }
      return m;
    };
  },
};
