/**
 * min / max — the smallest or largest of one or more Decimal operands. Why: caps (standard bonus cap,
 * pension maximum) and floors at zero ("never below 0"). A non-Decimal operand is a rule bug -> Error.
 */
import { compare } from '../../decimal.ts';
import type { OperatorDef } from '../types.ts';
import { requireDecimal } from '../values.ts';

/** Each operator as the sign of compare(candidate, best) that makes the candidate the new best. */
const EXTREMA: readonly (readonly [name: string, replacesWhen: number])[] = [
  ['min', -1],
  ['max', 1],
];

/** min, max. */
export const EXTREMA_OPERATORS: readonly OperatorDef[] = EXTREMA.map(([name, replacesWhen]) => ({
  names: [name],
  arity: [1, Infinity],
  yields: 'number',
  numberOperands: 'all',
  compile(args, _raw, ctx) {
    const where = ctx.where;
    return (scope) => {
      let best = requireDecimal(name, where, args[0](scope), 1);
      for (let i = 1; i < args.length; i++) {
        const v = requireDecimal(name, where, args[i](scope), i + 1);
        if (Math.sign(compare(v, best)) === replacesWhen) best = v;
      }
      return best;
    };
  },
}));
