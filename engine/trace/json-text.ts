/**
 * JSON texts the writers make themselves, each exactly JSON.stringify's for the value, and known to be
 * ASCII (so the UTF-8 writer adds it as it is). Each answers undefined where it is not sure (a string
 * or key to escape or not ASCII, a kind of value it does not walk, too deep): the writer then calls
 * JSON.stringify. Why not JSON.stringify throughout: its generic walk over a result's many small values
 * cost more than writing them, and its text, not known to be ASCII, had to be encoded on its own.
 */
import { isDecimal, smallIntegerOf, type Decimal } from '../decimal.ts';
import { decimalToJson, toDecString } from '../logic/serialize.ts';

/**
 * A rate's trace string. Rates are mostly the masters' own Decimals, the same objects in every
 * calculation: their strings are kept per object (a Decimal never changes, so its string does not either).
 */
const rateStrings = new WeakMap<Decimal, string>();
export function rateString(d: Decimal): string {
  let s = rateStrings.get(d);
  if (s === undefined) rateStrings.set(d, (s = toDecString(d, 20)));
  return s;
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** Text whose UTF-8 bytes are its UTF-16 units one for one. */
export function isAscii(s: string): boolean {
  return ASCII.test(s);
}

/** A string JSON.stringify writes as `"` + itself + `"`: ASCII, nothing to escape (a quote, a backslash, a control character). */
// eslint-disable-next-line no-control-regex
const NOT_PLAIN = /["\\\x00-\x1f\u0080-\uffff]/;

/** JSON.stringify(v) for a string, number, boolean or null it writes as ASCII without escaping; else undefined. */
export function plainJson(v: unknown): string | undefined {
  if (typeof v === 'string') return NOT_PLAIN.test(v) ? undefined : '"' + v + '"';
  if (typeof v === 'number') return Number.isFinite(v) ? '' + v : 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v === null) return 'null';
  return undefined;
}

/** `"key":` per key written as it is (bounded: keys come from rules and requests). */
const keyTexts = new Map<string, string>();
const MAX_KEY_TEXTS = 1024;
/** Deeper than this, JSON.stringify writes the value. */
const MAX_DEPTH = 8;

/** `"key":` for a key JSON.stringify writes as it is; undefined for a key to escape. */
export function keyText(k: string): string | undefined {
  let key = keyTexts.get(k);
  if (key === undefined) {
    if (NOT_PLAIN.test(k)) return undefined;
    key = '"' + k + '":';
    if (keyTexts.size < MAX_KEY_TEXTS) keyTexts.set(k, key);
  }
  return key;
}

function isPlainObject(v: object): v is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(v);
  return !Array.isArray(v) && (proto === Object.prototype || proto === null);
}

/** JSON.stringify(v) for a tree of plain objects, arrays and plainJson's primitives (a result's amounts, a step's inputs). */
export function treeJson(v: unknown, depth = 0): string | undefined {
  const plain = plainJson(v);
  if (plain !== undefined) return plain;
  if (typeof v !== 'object' || v === null || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      const e: unknown = v[i];
      // JSON.stringify writes undefined in an array as null
      const json = e === undefined ? 'null' : treeJson(e, depth + 1);
      if (json === undefined) return undefined;
      out += i === 0 ? json : ',' + json;
    }
    return out + ']';
  }
  if (!isPlainObject(v)) return undefined;
  let out = '{';
  for (const k of Object.keys(v)) {
    const e = v[k];
    if (e === undefined) continue; // JSON.stringify leaves the key out
    const key = keyText(k);
    const json = key === undefined ? undefined : treeJson(e, depth + 1);
    if (json === undefined) return undefined;
    out += out.length === 1 ? key + json : ',' + key + json;
  }
  return out + '}';
}

/** JSON.stringify(decimalToJson(d)). */
function decimalJson(d: Decimal): string {
  const small = smallIntegerOf(d);
  if (small !== undefined) return small === 0 ? '0' : '' + small;
  const json = decimalToJson(d);
  return typeof json === 'number' ? '' + json : '"' + json + '"';
}

/**
 * JSON.stringify(traceValueOf(isRate, v)) (steps.ts), written from v itself: a recorded input is either
 * settled (its trace value already) or read from the calculation's inputs and kept as read, Decimals
 * and all. As traceValueOf: a Decimal to 20 places, a rate as its string, an array as serializeValue
 * writes it, an object key by key (a key ending in rate as a rate).
 */
export function traceJson(isRate: boolean, v: unknown, depth = 0): string | undefined {
  switch (typeof v) {
    case 'undefined':
      return 'null';
    case 'number':
      return Number.isFinite(v) ? '' + v : undefined; // traceValueOf refuses it: the caller's walk throws
    case 'string':
    case 'boolean':
      return plainJson(v);
    case 'object':
      if (v === null) return 'null';
      if (isDecimal(v)) return isRate ? '"' + rateString(v) + '"' : v.isInteger() ? decimalJson(v) : '"' + toDecString(v, 20) + '"';
      if (depth > MAX_DEPTH) return undefined;
      if (Array.isArray(v)) return serializedJson(v, depth);
      if (!isPlainObject(v)) return undefined;
      {
        let out = '{';
        for (const k of Object.keys(v)) {
          const key = keyText(k);
          const json = key === undefined ? undefined : traceJson(k.endsWith('rate'), v[k], depth + 1);
          if (json === undefined) return undefined;
          out += out.length === 1 ? key + json : ',' + key + json;
        }
        return out + '}';
      }
    default:
      return undefined;
  }
}

/** JSON.stringify(serializeValue(v)) (logic/serialize.ts: undefined as null, a Decimal as decimalToJson). */
function serializedJson(v: unknown, depth: number): string | undefined {
  if (v === undefined || v === null) return 'null';
  if (typeof v !== 'object') return typeof v === 'number' && !Number.isFinite(v) ? undefined : plainJson(v);
  if (isDecimal(v)) return decimalJson(v);
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      const json = serializedJson(v[i], depth + 1);
      if (json === undefined) return undefined;
      out += i === 0 ? json : ',' + json;
    }
    return out + ']';
  }
  if (!isPlainObject(v)) return undefined;
  let out = '{';
  for (const k of Object.keys(v)) {
    const key = keyText(k);
    const json = key === undefined ? undefined : serializedJson(v[k], depth + 1);
    if (json === undefined) return undefined;
    out += out.length === 1 ? key + json : ',' + key + json;
  }
  return out + '}';
}
