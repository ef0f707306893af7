/** !== — negation of === (Decimal by value, no coercion). Why: json-logic completeness for rules. */
import type { OperatorDef } from '../types.ts';
import { strictEquals } from '../values.ts';

export const strictNotEqualsOperator: OperatorDef = {
  names: ['!=='],
  arity: [2, 2],
  compile([a, b]) {
    return (scope) => !strictEquals(a(scope), b(scope));
  },
};
