/**
 * sum_by — [array, field], [array, field, flag_field] or [array, field, key_field, key]: the Decimal sum
 * of item[field] over the items (only those with item[flag_field] === true when a flag is given, only
 * those whose item[key_field] equals the string key when a key is given: the days of the leaves of one
 * month); empty -> 0. Why: the taxable,
 * social-insurance and employment-insurance bases are sums of the items flagged for each (decisions 3).
 * A summed value that is not a number is a rule or validation bug -> Error.
 */
import { Decimal, plus, ZERO } from '../../decimal.ts';
import type { Evaluator, OperatorDef, Scope } from '../types.ts';
import { describe, isDecimal } from '../values.ts';

function fieldName(raw: unknown, ev: Evaluator, what: string): (scope: Scope) => string {
  if (typeof raw === 'string') return () => raw;
  if (raw !== null && typeof raw === 'object') {
    return (scope) => {
      const v = ev(scope);
      if (typeof v !== 'string') throw new Error(`sum_by: ${what} must be a string, got ${describe(v)}`);
      return v;
    };
  }
  throw new Error(`sum_by: ${what} must be a string`);
}

export const sumByOperator: OperatorDef = {
  names: ['sum_by'],
  arity: [2, 4],
  yields: 'number',
  compile(args, raw, ctx) {
    const where = ctx.where;
    const [list] = args;
    const field = fieldName(raw[1], args[1], 'the field');
    const flag = args.length > 2 ? fieldName(raw[2], args[2], args.length > 3 ? 'the key field' : 'the flag field') : null;
    const keyed = args.length > 3 ? args[3] : null;
    return (scope) => {
      const items = list(scope);
      if (items === null) return ZERO;
      if (!Array.isArray(items)) throw new Error(`${where}: operator "sum_by" needs an array, got ${describe(items)}`);
      const f = field(scope);
      const g = flag ? flag(scope) : null;
      const key = keyed ? keyed(scope) : true;
      let sum: Decimal = ZERO;
      for (let i = 0; i < items.length; i++) {
        const item = items[i] as unknown as Record<string, unknown>;
        if (item === null || typeof item !== 'object') throw new Error(`${where}: operator "sum_by" item ${i} is ${describe(item)}`);
        if (g !== null && item[g] !== key) continue;
        const v = item[f];
        if (isDecimal(v)) sum = plus(sum, v as Decimal);
        else if (typeof v === 'number' && Number.isFinite(v)) sum = sum.plus(new Decimal(String(v)));
        else throw new Error(`${where}: operator "sum_by" item ${i} field "${f}" is ${describe(v)}, not a number`);
      }
      return sum;
    };
  },
};
