/**
 * == — loose equality. Why: rules compare codes and amounts. Decimal vs Decimal by value, a Decimal
 * equals a numeric string of the same value, booleans compare as 1/0, null only equals null.
 */
import type { OperatorDef } from '../types.ts';
import { looseEquals } from '../values.ts';

export const equalsOperator: OperatorDef = {
  names: ['=='],
  arity: [2, 2],
  compile([a, b]) {
    return (scope) => looseEquals(a(scope), b(scope));
  },
};
