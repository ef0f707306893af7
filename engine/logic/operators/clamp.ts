/**
 * clamp — [x, min, max] -> min if x < min, max if x > max, else x (Decimals). Why: the pension basis
 * is the standard monthly remuneration clamped to the grade table's minimum and maximum.
 * min > max is a data bug -> Error.
 */
import { compare } from '../../decimal.ts';
import type { OperatorDef } from '../types.ts';
import { requireDecimal } from '../values.ts';

export const clampOperator: OperatorDef = {
  names: ['clamp'],
  arity: [3, 3],
  yields: 'number',
  numberOperands: 'all',
  compile([x, lo, hi], _raw, ctx) {
    const where = ctx.where;
    return (scope) => {
      const v = requireDecimal('clamp', where, x(scope), 1);
      const l = requireDecimal('clamp', where, lo(scope), 2);
      const h = requireDecimal('clamp', where, hi(scope), 3);
      if (compare(l, h) > 0) throw new Error(`${where}: operator "clamp" min ${l.toFixed()} is above max ${h.toFixed()}`);
      return compare(v, l) < 0 ? l : compare(v, h) > 0 ? h : v;
    };
  },
};
