/**
 * map_each — [array, expr]: like map, but expr sees the rule's scope with the current item as `item`
 * ({"var": "item.birth_date"} beside {"var": "year_end"}). Why: per-item values that need the rule's own
 * inputs (see ../item-scope.ts). Not an array -> [].
 */
import { ITEM, outerScopeOf } from '../item-scope.ts';
import type { OperatorDef, Scope, Value } from '../types.ts';

export const mapEachOperator: OperatorDef = {
  names: ['map_each'],
  arity: [2, 2],
  compile([list, fn]) {
    return (scope) => {
      const items = list(scope);
      if (!Array.isArray(items)) return [];
      const inner = outerScopeOf(scope);
      return items.map((item) => {
        inner[ITEM] = item;
        return fn(inner as Scope);
      }) as Value[];
    };
  },
};
