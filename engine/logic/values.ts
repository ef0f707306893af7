/**
 * Shared value semantics of the interpreter: json-logic truthiness, Decimal-aware equality and
 * ordering, and the conversion of scope data (which may hold JS numbers or undefined) into Values.
 */
import { compare, Decimal, isDecimal } from '../decimal.ts';
import type { Value } from './types.ts';

export { isDecimal };

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** json-logic truthiness (jsonlogic.com/truthy), with a Decimal zero (or NaN) falsy like the number 0. */
export function truthy(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (isDecimal(v)) return !(v as Decimal).isZero() && !(v as Decimal).isNaN();
  if (Array.isArray(v)) return v.length > 0;
  return !!v;
}

/** Converts a value read from the scope into a Value: JS numbers -> Decimal, undefined -> null. Shallow. */
export function fromScope(v: unknown): Value {
  if (v === undefined) return null;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`non-finite number in data: ${v}`);
    return decimalOfDataNumber(v);
  }
  return v as Value;
}

/**
 * Master data keeps some numbers as JS numbers (a column count, a grade's amount): each read would
 * parse the same number again. A Decimal never changes, so one per number is shared (bounded, then
 * started afresh). -0 and 0 share the entry, as String(-0) is "0" anyway.
 */
const dataNumbers = new Map<number, Decimal>();
function decimalOfDataNumber(v: number): Decimal {
  let d = dataNumbers.get(v);
  if (d === undefined) {
    d = new Decimal(String(v));
    if (dataNumbers.size >= 4096) dataNumbers.clear();
    dataNumbers.set(v, d);
  }
  return d;
}

function numericString(v: unknown): Decimal | undefined {
  if (typeof v === 'string' && NUMERIC.test(v.trim())) return new Decimal(v.trim());
  return undefined;
}

/**
 * `===`: Decimal vs Decimal by value; everything else by JS identity (no coercion). JS numbers (nested
 * data read through an array or object, never converted by var) count as their Decimal.
 */
export function strictEquals(a: unknown, b: unknown): boolean {
  if (typeof a === 'number') a = fromScope(a);
  if (typeof b === 'number') b = fromScope(b);
  const ad = isDecimal(a);
  const bd = isDecimal(b);
  if (ad || bd) return ad && bd && compare(a as Decimal, b as Decimal) === 0;
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  return a === b;
}

/**
 * `==`: like `===`, plus the numeric coercions of JS loose equality that matter for rules:
 * a Decimal equals a numeric string of the same value, a boolean compares as 1/0 against a number
 * or numeric string, and null equals only null/undefined.
 */
export function looseEquals(a: unknown, b: unknown): boolean {
  if (typeof a === 'number') a = fromScope(a);
  if (typeof b === 'number') b = fromScope(b);
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a === null || b === null) return a === b;
  if (typeof a === 'boolean' && typeof b !== 'boolean') return looseEquals(new Decimal(a ? 1 : 0), b);
  if (typeof b === 'boolean' && typeof a !== 'boolean') return looseEquals(a, new Decimal(b ? 1 : 0));
  const ad = isDecimal(a) ? (a as Decimal) : undefined;
  const bd = isDecimal(b) ? (b as Decimal) : undefined;
  if (ad && bd) return compare(ad, bd) === 0;
  if (ad) {
    const n = numericString(b);
    return n !== undefined && ad.eq(n);
  }
  if (bd) {
    const n = numericString(a);
    return n !== undefined && bd.eq(n);
  }
  return a === b;
}

/**
 * Ordering for < <= > >=: Decimal vs Decimal (a numeric string counts as its Decimal);
 * string vs string lexicographically (ISO dates). Anything else is a rule bug.
 */
export function compareValues(op: string, where: string, a: unknown, b: unknown): number {
  if (typeof a === 'number') a = fromScope(a);
  if (typeof b === 'number') b = fromScope(b);
  const ad = isDecimal(a) ? (a as Decimal) : numericString(a);
  const bd = isDecimal(b) ? (b as Decimal) : numericString(b);
  if (ad && bd) return compare(ad, bd);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  throw new Error(`${where}: operator "${op}" compares ${describe(a)} with ${describe(b)}; both must be numbers (Decimal) or both strings`);
}

/** Arithmetic operand check: arithmetic works on Decimal only, anything else is a rule bug. */
export function requireDecimal(op: string, where: string, v: unknown, position: number): Decimal {
  if (v instanceof Decimal || isDecimal(v)) return v as Decimal;
  throw new Error(`${where}: operator "${op}" operand ${position} is ${describe(v)}, not a number (Decimal)`);
}

export function describe(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (isDecimal(v)) return `the number ${(v as Decimal).toFixed()}`;
  if (Array.isArray(v)) return `an array (length ${v.length})`;
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  return `${typeof v} ${String(v)}`;
}

/** String form used by `cat` and `in` on strings: Decimals in plain notation, null as "". */
export function stringOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (isDecimal(v)) return (v as Decimal).toFixed();
  if (Array.isArray(v)) return v.map(stringOf).join(',');
  return String(v);
}

/** A plain object (not an array, not a Decimal, not null). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !isDecimal(v);
}
