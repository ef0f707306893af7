/** and — returns the first falsy operand or the last one; lazy. Why: compound conditions. */
import type { OperatorDef, Value } from '../types.ts';
import { truthy } from '../values.ts';

export const andOperator: OperatorDef = {
  names: ['and'],
  arity: [1, Infinity],
  yields: 'operand',
  compile(args) {
    return (scope) => {
      let v: Value = null;
      for (const a of args) {
        v = a(scope);
        if (!truthy(v)) return v;
      }
      return v;
    };
  },
};
