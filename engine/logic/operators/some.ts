/** some — [array, condition]: true when at least one item's condition is truthy; empty -> false. */
import type { OperatorDef, Scope } from '../types.ts';
import { truthy } from '../values.ts';

export const someOperator: OperatorDef = {
  names: ['some'],
  arity: [2, 2],
  compile([list, cond]) {
    return (scope) => {
      const items = list(scope);
      if (!Array.isArray(items)) return false;
      for (const item of items) if (truthy(cond(item as unknown as Scope))) return true;
      return false;
    };
  },
};
