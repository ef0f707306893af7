/** != — negation of == (same Decimal-aware loose equality). Why: json-logic completeness for rules. */
import type { OperatorDef } from '../types.ts';
import { looseEquals } from '../values.ts';

export const notEqualsOperator: OperatorDef = {
  names: ['!='],
  arity: [2, 2],
  compile([a, b]) {
    return (scope) => !looseEquals(a(scope), b(scope));
  },
};
