/**
 * map_each — [array, expr] or [array, expr, name]: like map, but expr sees the rule's scope with the
 * current item as `item` ({"var": "item.birth_date"} beside {"var": "year_end"}), or under the literal
 * name given (so that a filter_each inside still sees this item). Why: per-item values that need the
 * rule's own inputs (see ../item-scope.ts). Not an array -> [].
 */
import { itemName, itemScope } from '../item-scope.ts';
import type { OperatorDef, Value } from '../types.ts';

export const mapEachOperator: OperatorDef = {
  names: ['map_each'],
  arity: [2, 3],
  compile([list, fn], raw, ctx) {
    const within = itemScope(ctx.ruleScope, itemName('map_each', raw));
    return (scope) => {
      const items = list(scope);
      if (!Array.isArray(items)) return [];
      const inner = within(scope);
      return items.map((item) => fn(inner(item))) as Value[];
    };
  },
};
