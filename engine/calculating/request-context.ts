/**
 * The request as a calculation's context holds it: a copy of the caller's object with the schema's
 * defaults filled in and every number (and decimal-string field) made a Decimal.
 *
 * Done in one walk over the caller's object, giving the tree that copying, filling the defaults and
 * converting would give. Anything it does not take as plain JSON data (a class instance, a hole,
 * something deeper than any schema allows) or a value the conversion refuses goes those three passes
 * instead, which copy it as structuredClone does or throw their error.
 */
import type { CalculationType } from '../calculation-type.ts';
import { CALLER_DATA_FIELDS } from '../contract/common.ts';
import { DEFAULTS_PLANS, withRequestDefaults, type DefaultsPlan } from '../contract/request-defaults.ts';
import { decimalOfNumber } from '../decimal.ts';
import { DECIMAL_STRING_FIELDS, decimalOfString, toContextValueInPlace } from './context.ts';

/** Thrown for anything structuredClone copies differently from a plain walk (then the three passes run). */
const NOT_PLAIN = new Error('not plain JSON data');
/** Deeper than any request schema allows: a deeper value is treated as a possible cycle. */
const MAX_DEPTH = 64;

export function requestContext(type: CalculationType, request: Record<string, unknown>): Record<string, unknown> {
  try {
    return build(request, DEFAULTS_PLANS.get(type)!, '', 0) as Record<string, unknown>;
  } catch {
    return toContextValueInPlace(withRequestDefaults(type, request)) as Record<string, unknown>;
  }
}

/**
 * A copy of v converted as toContextValueInPlace converts (key: the property name v is under, '' in
 * an array), filled by `plan` as fillDefaults fills: a missing defaulted property is added after the
 * given ones, in `properties` order, as its default built the same way (so a default object gets its
 * own defaults and a default 0 becomes a Decimal).
 */
function build(v: unknown, plan: DefaultsPlan | null, key: string, depth: number, asSent = false): unknown {
  // the caller's own data is echoed as sent, not converted (as toContextValueInPlace leaves it), but
  // copied: nothing in the context is the caller's to change later (the trace keeps request values as read)
  if (!asSent && CALLER_DATA_FIELDS.has(key)) asSent = true;
  if (typeof v === 'number') return asSent ? v : decimalOfNumber(v);
  if (typeof v === 'string') return !asSent && DECIMAL_STRING_FIELDS.has(key) ? decimalOfString(v) : v;
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'function' || typeof v === 'symbol') throw NOT_PLAIN;
    return v;
  }
  if (depth > MAX_DEPTH) throw NOT_PLAIN;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) throw NOT_PLAIN;
    const items = plan === null ? null : plan.items;
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) {
      if (!(i in v)) throw NOT_PLAIN;
      out[i] = build(v[i], items, '', depth + 1, asSent);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const props = plan === null ? null : plan.properties;
  for (const k of Object.keys(o)) {
    if (k === '__proto__') throw NOT_PLAIN;
    out[k] = build(o[k], props === null ? null : (props.get(k) ?? null), k, depth + 1, asSent);
  }
  if (plan !== null) {
    const defaults = plan.defaults;
    for (let i = 0; i < defaults.length; i++) {
      const k = defaults[i][0];
      const value = defaults[i][1];
      const sub = defaults[i][2];
      if (out[k] === undefined) out[k] = build(value, sub, k, depth + 1);
    }
  }
  return out;
}
