/** cat — string concatenation (Decimals in plain notation, null as ""). Why: notes and messages. */
import type { OperatorDef } from '../types.ts';
import { stringOf } from '../values.ts';

export const catOperator: OperatorDef = {
  names: ['cat'],
  arity: [0, Infinity],
  yields: 'string',
  compile(args) {
    return (scope) => {
      let s = '';
      for (const a of args) s += stringOf(a(scope));
      return s;
    };
  },
};
