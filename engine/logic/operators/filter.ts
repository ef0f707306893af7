/** filter — [array, condition]: the items whose condition (item as scope) is truthy. Why: flagged items. */
import type { OperatorDef, Scope } from '../types.ts';
import { truthy } from '../values.ts';

export const filterOperator: OperatorDef = {
  names: ['filter'],
  arity: [2, 2],
  compile([list, cond]) {
    return (scope) => {
      const items = list(scope);
      if (!Array.isArray(items)) return [];
      return items.filter((item) => truthy(cond(item as unknown as Scope)));
    };
  },
};
