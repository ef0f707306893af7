/**
 * map_each / filter_each — [array, expr]: like map and filter, but expr sees the rule's own scope (its
 * inputs and earlier bindings) with the current item added as `item` ({"var": "item.birth_date"}).
 * Why: a per-item test that needs values from outside the item, e.g. a dependant's age at a date of the
 * calculation compared with an age limit read from the parameters; plain json-logic map/filter see the
 * item alone. The rule loader checks expr's variables other than item.* like any other (variables.ts).
 */
import { RuleScope } from '../rule-scope.ts';
import type { OperatorDef, Scope, Value } from '../types.ts';
import { truthy } from '../values.ts';

/** The name the current item has inside map_each / filter_each. */
export const ITEM = 'item';

function outerOf(scope: Scope): Record<string, unknown> {
  return scope instanceof RuleScope ? scope.named() : { ...scope };
}

export const mapEachOperator: OperatorDef = {
  names: ['map_each'],
  arity: [2, 2],
  compile([list, fn]) {
    return (scope) => {
      const items = list(scope);
      if (!Array.isArray(items)) return [];
      const inner = outerOf(scope);
      return items.map((item) => {
        inner[ITEM] = item;
        return fn(inner as Scope);
      }) as Value[];
    };
  },
};

export const filterEachOperator: OperatorDef = {
  names: ['filter_each'],
  arity: [2, 2],
  compile([list, cond]) {
    return (scope) => {
      const items = list(scope);
      if (!Array.isArray(items)) return [];
      const inner = outerOf(scope);
      return items.filter((item) => {
        inner[ITEM] = item;
        return truthy(cond(inner as Scope));
      });
    };
  },
};
