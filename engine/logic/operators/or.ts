/** or — returns the first truthy operand or the last one; lazy. Why: compound conditions, defaults. */
import type { OperatorDef, Value } from '../types.ts';
import { truthy } from '../values.ts';

export const orOperator: OperatorDef = {
  names: ['or'],
  arity: [1, Infinity],
  yields: 'operand',
  compile(args) {
    return (scope) => {
      let v: Value = null;
      for (const a of args) {
        v = a(scope);
        if (truthy(v)) return v;
      }
      return v;
    };
  },
};
