/**
 * field — [object, name]: the object's field of that name (null when absent or not an object). Why: a
 * table row whose column is chosen by another value (e.g. the column of a deduction table named by the
 * employee's income class); `var` paths are literals so that the loader can check them, this reads a
 * field of a value already computed.
 */
import type { OperatorDef } from '../types.ts';
import { fromScope, isPlainObject } from '../values.ts';

export const fieldOperator: OperatorDef = {
  names: ['field'],
  arity: [2, 2],
  compile([object, name]) {
    return (scope) => {
      const o = object(scope);
      const n = name(scope);
      if (!isPlainObject(o) || typeof n !== 'string' || !Object.prototype.hasOwnProperty.call(o, n)) return null;
      return fromScope(o[n]);
    };
  },
};
