/** max — largest of the Decimal operands. Why: floors at zero ("never below 0"). */
import { compare } from '../../decimal.ts';
import type { OperatorDef } from '../types.ts';
import { requireDecimal } from '../values.ts';

export const maxOperator: OperatorDef = {
  names: ['max'],
  arity: [1, Infinity],
  compile(args, _raw, ctx) {
    const where = ctx.where;
    return (scope) => {
      let m = requireDecimal('max', where, args[0](scope), 1);
      for (let i = 1; i < args.length; i++) {
        const v = requireDecimal('max', where, args[i](scope), i + 1);
        if (compare(v, m) > 0) m = v;
      }
      return m;
    };
  },
};
