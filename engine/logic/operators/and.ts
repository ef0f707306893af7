/** and — returns the first falsy operand or the last one; lazy. Why: compound conditions. */
import { js, type Code } from '../emit.ts';
import type { OperatorDef, Value } from '../types.ts';
import { truthy } from '../values.ts';

export const andOperator: OperatorDef = {
  names: ['and'],
  arity: [1, Infinity],
  yields: 'operand',
  compile(args) {
    return (scope) => {
      let v: Value = null;
      for (const a of args) {
        v = a(scope);
        if (!truthy(v)) return v;
      }
      return v;
    };
  },
  emit(args, _raw, ctx) {
    const v = ctx.temp();
    let out: Code = args[args.length - 1];
    for (let i = args.length - 2; i >= 0; i--) out = js`(${v} = ${args[i]}, !${ctx.ref(truthy)}(${v}) ? ${v} : ${out})`;
    return out;
  },
};
