/** all — [array, condition]: true when every item's condition is truthy; an empty array is false (json-logic). */
import type { OperatorDef, Scope } from '../types.ts';
import { truthy } from '../values.ts';

export const allOperator: OperatorDef = {
  names: ['all'],
  arity: [2, 2],
  compile([list, cond]) {
    return (scope) => {
      const items = list(scope);
      if (!Array.isArray(items) || items.length === 0) return false;
      for (const item of items) if (!truthy(cond(item as unknown as Scope))) return false;
      return true;
    };
  },
};
