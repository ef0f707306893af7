/**
 * in — membership: {"in": [x, array]} (=== semantics, Decimal by value) or substring {"in": [s, string]}.
 * Why: checking a code against a list. Anything else as the container -> false (json-logic).
 */
import type { OperatorDef } from '../types.ts';
import { stringOf, strictEquals } from '../values.ts';

export const inOperator: OperatorDef = {
  names: ['in'],
  arity: [2, 2],
  yields: 'boolean',
  compile([a, b]) {
    return (scope) => {
      const needle = a(scope);
      const hay = b(scope);
      if (Array.isArray(hay)) return hay.some((h) => strictEquals(needle, h));
      if (typeof hay === 'string') return hay.includes(stringOf(needle));
      return false;
    };
  },
};
