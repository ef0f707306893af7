/**
 * map — [array, expr]: expr evaluated with each item as its scope ({"var": ""} is the item,
 * {"var": "amount"} its field). Why: per-item amounts of allowance/deduction arrays. Not an array -> [].
 */
import type { OperatorDef, Scope } from '../types.ts';

export const mapOperator: OperatorDef = {
  names: ['map'],
  arity: [2, 2],
  compile([list, fn]) {
    return (scope) => {
      const items = list(scope);
      if (!Array.isArray(items)) return [];
      return items.map((item) => fn(item as unknown as Scope));
    };
  },
};
