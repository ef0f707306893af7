/** !! — json-logic truthiness as a boolean. Why: turning an amount or list into a flag for warnings. */
import type { OperatorDef } from '../types.ts';
import { truthy } from '../values.ts';

export const doubleNotOperator: OperatorDef = {
  names: ['!!'],
  arity: [1, 1],
  yields: 'boolean',
  compile([a]) {
    return (scope) => truthy(a(scope));
  },
};
