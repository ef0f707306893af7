/**
 * if / ?: — json-logic chain: [c1, v1, c2, v2, ..., else]. Why: rules branch (kou/otsu, subject or not).
 * Lazy: only the chosen branch is evaluated. No branch taken and no else -> null.
 */
import { js, type Code } from '../emit.ts';
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
  emit(args, _raw, ctx) {
    // c1 ? v1 : c2 ? v2 : else (null when there is no else)
    const n = args.length;
    let out: Code = n % 2 === 1 ? args[n - 1] : ['null'];
    for (let i = n - (n % 2 === 1 ? 3 : 2); i >= 0; i -= 2) out = js`(${ctx.ref(truthy)}(${args[i]}) ? ${args[i + 1]} : ${out})`;
    return out;
  },
};
