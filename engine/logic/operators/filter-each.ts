/**
 * filter_each — [array, condition] or [array, condition, name]: like filter, but the condition sees the
 * rule's scope with the current item as `item` (or under the literal name given, as map_each). Why: selecting items by a test on the rule's own inputs, e.g. the dependants at least
 * the age a parameter sets (see ../item-scope.ts). Not an array -> [].
 */
import { itemName, itemScope } from '../item-scope.ts';
import type { OperatorDef } from '../types.ts';
import { truthy } from '../values.ts';

export const filterEachOperator: OperatorDef = {
  names: ['filter_each'],
  arity: [2, 3],
  compile([list, cond], raw, ctx) {
    const within = itemScope(ctx.ruleScope, itemName('filter_each', raw));
    return (scope) => {
      const items = list(scope);
      if (!Array.isArray(items)) return [];
      const inner = within(scope);
      return items.filter((item) => truthy(cond(inner(item))));
    };
  },
};
