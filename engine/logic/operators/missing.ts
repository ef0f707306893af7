/**
 * missing — the listed var paths whose value is null/absent or "" (json-logic). Why: json-logic
 * completeness and input guards. {"missing": ["a", "b.c"]} or {"missing": [<array of names>]}.
 */
import { RuleScope } from '../rule-scope.ts';
import type { OperatorDef, Scope, Value } from '../types.ts';
import { isDecimal } from '../values.ts';

function lookup(scope: Scope, name: string): unknown {
  if (scope instanceof RuleScope) scope = scope.named(); // a rule's scope, by name
  if (name === '') return scope;
  let data: unknown = scope;
  for (const seg of name.split('.')) {
    if (data === null || data === undefined || typeof data !== 'object' || isDecimal(data)) return undefined;
    data = (data as Record<string, unknown>)[seg];
  }
  return data;
}

export const missingOperator: OperatorDef = {
  names: ['missing'],
  arity: [0, Infinity],
  compile(args) {
    return (scope) => {
      const vals = args.map((a) => a(scope));
      const keys: Value[] = Array.isArray(vals[0]) ? (vals[0] as Value[]) : vals;
      const out: Value[] = [];
      for (const k of keys) {
        const name = isDecimal(k) ? (k as { toFixed(): string }).toFixed() : String(k);
        const v = lookup(scope, name);
        if (v === null || v === undefined || v === '') out.push(k);
      }
      return out;
    };
  },
};
