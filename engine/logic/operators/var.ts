/**
 * var: reads the scope. Why: every input and binding of a rule reaches the expression through it.
 * {"var": "a.b.0"} or {"var": ["a.b", default]}: dotted path, numeric segments index arrays; a missing
 * value gives the default (null without one); "" is the whole scope (the item inside map/filter).
 * The path must be a literal so that the loader can check every variable is declared (variablesOf).
 * JS numbers found in the data are returned as Decimal, undefined as null.
 */
import type { OperatorDef, Scope, Value } from '../types.ts';
import { fromScope, isDecimal } from '../values.ts';

function walk(scope: Scope, segments: string[]): unknown {
  let data: unknown = scope;
  for (const seg of segments) {
    if (data === null || data === undefined || typeof data !== 'object' || isDecimal(data)) return undefined;
    if (Array.isArray(data)) {
      if (!/^\d+$/.test(seg)) return undefined;
      data = data[Number(seg)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(data, seg)) return undefined;
      data = (data as Record<string, unknown>)[seg];
    }
    if (data === undefined) return undefined;
  }
  return data;
}

export const varOperator: OperatorDef = {
  names: ['var'],
  arity: [0, 2],
  compile(args, raw) {
    const path = raw.length === 0 ? '' : raw[0];
    if (path !== null && typeof path !== 'string' && !(typeof path === 'number' && Number.isInteger(path) && path >= 0)) {
      throw new Error('var: the path must be a literal string (or array index)');
    }
    const def = args.length > 1 ? args[1] : null;
    if (path === '' || path === null) return (scope) => fromScope(scope);
    const segments = String(path).split('.');
    if (segments.length === 1) {
      const key = segments[0];
      return (scope) => {
        const v =
          scope !== null && typeof scope === 'object' && !isDecimal(scope)
            ? Array.isArray(scope)
              ? /^\d+$/.test(key) ? (scope as unknown[])[Number(key)] : undefined
              : Object.prototype.hasOwnProperty.call(scope, key) ? scope[key] : undefined
            : undefined;
        if (v === undefined) return def ? def(scope) : null;
        return fromScope(v);
      };
    }
    return (scope): Value => {
      const v = walk(scope, segments);
      if (v === undefined) return def ? def(scope) : null;
      return fromScope(v);
    };
  },
};
