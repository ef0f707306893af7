/** count — [array]: the number of items (null or absent -> 0). Why: how many items a filter kept (dependants of a kind). */
import { toDecimal } from '../../decimal.ts';
import type { OperatorDef } from '../types.ts';
import { describe } from '../values.ts';

export const countOperator: OperatorDef = {
  names: ['count'],
  arity: [1, 1],
  yields: 'number',
  compile([list], _raw, ctx) {
    return (scope) => {
      const items = list(scope);
      if (items === null) return toDecimal(0);
      if (!Array.isArray(items)) throw new Error(`${ctx.where}: operator "count" needs an array, got ${describe(items)}`);
      return toDecimal(items.length);
    };
  },
};
