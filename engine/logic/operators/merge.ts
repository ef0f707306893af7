/** merge — flattens its operands one level into one array (non-arrays are appended). Why: building lists. */
import type { OperatorDef, Value } from '../types.ts';

export const mergeOperator: OperatorDef = {
  names: ['merge'],
  arity: [0, Infinity],
  compile(args) {
    return (scope) => {
      const out: Value[] = [];
      for (const a of args) {
        const v = a(scope);
        if (Array.isArray(v)) out.push(...v);
        else out.push(v);
      }
      return out;
    };
  },
};
