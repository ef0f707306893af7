/**
 * project — [array, [field...]]: a new array of objects with exactly those fields (missing -> null), in
 * array order. Why: the result's item arrays (custom_deductions.items: code, name, amount, metadata)
 * copy request items without leaking other fields. JS numbers in the items become Decimal.
 */
import type { OperatorDef, Value } from '../types.ts';
import { describe, fromScope } from '../values.ts';

export const projectOperator: OperatorDef = {
  names: ['project'],
  arity: [2, 2],
  compile([list, fieldsEv], raw, ctx) {
    const where = ctx.where;
    const literal = Array.isArray(raw[1]) && raw[1].every((f) => typeof f === 'string') ? (raw[1] as string[]) : null;
    if (!literal && Array.isArray(raw[1])) throw new Error('project: the field list must hold strings');
    return (scope) => {
      const items = list(scope);
      if (items === null) return [];
      if (!Array.isArray(items)) throw new Error(`${where}: operator "project" needs an array, got ${describe(items)}`);
      const fields = literal ?? (fieldsEv(scope) as string[]);
      if (!Array.isArray(fields) || !fields.every((f) => typeof f === 'string')) {
        throw new Error(`${where}: operator "project" needs a list of field names`);
      }
      return items.map((item) => {
        const src = (item !== null && typeof item === 'object' ? item : {}) as Record<string, unknown>;
        const out: { [k: string]: Value } = {};
        for (const f of fields) out[f] = Object.prototype.hasOwnProperty.call(src, f) ? fromScope(src[f]) : null;
        return out;
      });
    };
  },
};
