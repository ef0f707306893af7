/**
 * record — [key, value, key, value, ...]: a new object with those fields in that order; every key is a
 * literal string (checked at load). Why: a result's list items built per item (a month left out, with
 * its reason) where project can only copy fields that already exist.
 */
import { generatedFunction } from '../../util/codegen.ts';
import type { Evaluator, OperatorDef, Value } from '../types.ts';

export const recordOperator: OperatorDef = {
  names: ['record'],
  arity: [2, Infinity],
  compile(args, raw) {
    if (raw.length % 2 !== 0) throw new Error('record: needs key, value pairs');
    const keys: string[] = [];
    for (let i = 0; i < raw.length; i += 2) {
      const key = raw[i];
      if (typeof key !== 'string' || !/^[a-z][a-z0-9_]*$/.test(key))
        throw new Error(`record: key ${i / 2 + 1} must be a literal field name`);
      if (keys.includes(key)) throw new Error(`record: key "${key}" appears twice`);
      keys.push(key);
    }
    const values = args.filter((_, i) => i % 2 === 1);
    // an object literal of its own per record: one shape, built without a keyed store per field
    const fields = keys.map((k, i) => `${JSON.stringify(k)}: v${i}(scope)`);
    const make = generatedFunction<(...fns: Evaluator[]) => Evaluator>(
      keys.map((_, i) => `v${i}`),
      `"use strict"; return function record(scope) { return {${fields.join(', ')}}; };`,
      () => () => (scope) => {
        const out: { [k: string]: Value } = {};
        keys.forEach((k, i) => (out[k] = values[i](scope)));
        return out;
      },
    );
    return make(...values);
  },
};
