/** + — n-ary Decimal sum. Why: totals. Operands must be Decimal (no string-to-number casting). */
import { plus, type Decimal } from '../../decimal.ts';
import type { OperatorDef } from '../types.ts';
import { requireDecimal } from '../values.ts';

export const addOperator: OperatorDef = {
  names: ['+'],
  arity: [1, Infinity],
  compile(args, _raw, ctx) {
    const where = ctx.where;
    if (args.length === 2) {
      const [a, b] = args;
      return (scope) => plus(requireDecimal('+', where, a(scope), 1), requireDecimal('+', where, b(scope), 2));
    }
    return (scope) => {
      let sum: Decimal = requireDecimal('+', where, args[0](scope), 1);
      for (let i = 1; i < args.length; i++) sum = plus(sum, requireDecimal('+', where, args[i](scope), i + 1));
      return sum;
    };
  },
};
