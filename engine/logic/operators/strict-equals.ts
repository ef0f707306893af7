/**
 * === — strict equality. Why: comparing enum strings (column 'kou', method names) without coercion.
 * Decimal vs Decimal by value; a Decimal never equals a string.
 */
import type { OperatorDef } from '../types.ts';
import { strictEquals } from '../values.ts';

export const strictEqualsOperator: OperatorDef = {
  names: ['==='],
  arity: [2, 2],
  compile([a, b]) {
    return (scope) => strictEquals(a(scope), b(scope));
  },
};
