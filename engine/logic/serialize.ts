/**
 * Values -> JSON for traces and responses. Decimal integers become JSON numbers when they are safe
 * integers (else a decimal string); other Decimals become decimal strings in plain notation without
 * trailing zeros ("0.0985", "62500.5"); arrays and objects recursively; undefined -> null.
 */
import { Decimal, smallIntegerOf } from '../decimal.ts';
import { isDecimal } from './values.ts';

export type Json = number | string | boolean | null | Json[] | { [key: string]: Json };

/** Plain-notation decimal string, at most maxFractionDigits decimals (half up), no trailing zeros. */
export function toDecString(d: Decimal, maxFractionDigits: number): string {
  // an integer below 10^15 is its JS number's digits (toFixed's answer; zero of either sign is "0")
  const n = smallIntegerOf(d);
  if (n !== undefined) return n === 0 ? '0' : String(n);
  // already within the places (every integer, most amounts): rounding would change nothing
  if (d.decimalPlaces() <= maxFractionDigits) return d.isZero() ? '0' : d.toFixed();
  const r = new Decimal(d).toDecimalPlaces(maxFractionDigits, Decimal.ROUND_HALF_UP);
  if (r.isZero()) return '0';
  return r.toFixed();
}

/** A Decimal as serializeValue writes it. */
export function decimalToJson(d: Decimal): number | string {
  // an integer below 10^15 (most amounts) is its JS number; a zero of either sign is 0
  const small = smallIntegerOf(d);
  if (small !== undefined) return small === 0 ? 0 : small;
  if (d.isZero()) return 0;
  if (d.isInteger()) {
    const n = d.toNumber();
    if (Number.isSafeInteger(n)) return n;
  }
  return d.toFixed();
}

export function serializeValue(v: unknown): Json {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      if (!Number.isFinite(v)) throw new Error(`cannot serialize ${v}`);
      return v;
    case 'object': {
      if (v instanceof Decimal) return decimalToJson(v as Decimal);
      if (Array.isArray(v)) return v.map(serializeValue); // the engine's arrays are plain arrays, never Decimals
      if (isDecimal(v)) return decimalToJson(v as Decimal); // a Decimal of another decimal.js clone
      const out: { [key: string]: Json } = {};
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) out[k] = serializeValue(o[k]);
      return out;
    }
    default:
      throw new Error(`cannot serialize a ${typeof v}`);
  }
}
