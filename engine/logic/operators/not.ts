/** ! — logical not with json-logic truthiness (empty array and Decimal zero are falsy). Why: conditions. */
import type { OperatorDef } from '../types.ts';
import { truthy } from '../values.ts';

export const notOperator: OperatorDef = {
  names: ['!'],
  arity: [1, 1],
  yields: 'boolean',
  compile([a]) {
    return (scope) => !truthy(a(scope));
  },
};
