/** none — [array, condition]: true when no item's condition is truthy; empty or not an array -> true. */
import type { OperatorDef, Scope } from '../types.ts';
import { truthy } from '../values.ts';

export const noneOperator: OperatorDef = {
  names: ['none'],
  arity: [2, 2],
  compile([list, cond]) {
    return (scope) => {
      const items = list(scope);
      if (!Array.isArray(items)) return true;
      for (const item of items) if (truthy(cond(item as unknown as Scope))) return false;
      return true;
    };
  },
};
