/**
 * reduce — [array, expr, initial?]: expr sees {current, accumulator}; initial defaults to null.
 * Why: folds that sum_by cannot express. Not an array -> initial.
 */
import type { OperatorDef, Value } from '../types.ts';

export const reduceOperator: OperatorDef = {
  names: ['reduce'],
  arity: [2, 3],
  compile([list, fn, init]) {
    return (scope) => {
      const items = list(scope);
      let acc: Value = init ? init(scope) : null;
      if (!Array.isArray(items)) return acc;
      for (const current of items) acc = fn({ current, accumulator: acc });
      return acc;
    };
  },
};
