/**
 * if / ?: — json-logic chain: [c1, v1, c2, v2, ..., else]. Why: rules branch (kou/otsu, subject or not).
 * Lazy: only the chosen branch is evaluated. No branch taken and no else -> null.
 */
import type { OperatorDef } from '../types.ts';
import { truthy } from '../values.ts';

export const ifOperator: OperatorDef = {
  names: ['if', '?:'],
  arity: [0, Infinity],
  yields: 'branch',
  compile(args) {
    const n = args.length;
    if (n === 0) return () => null;
    if (n === 3) {
      const [c, t, e] = args;
      return (scope) => (truthy(c(scope)) ? t(scope) : e(scope));
    }
    return (scope) => {
      let i = 0;
      for (; i < n - 1; i += 2) if (truthy(args[i](scope))) return args[i + 1](scope);
      return i === n - 1 ? args[i](scope) : null;
    };
  },
};
