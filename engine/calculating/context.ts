/**
 * The evaluation context of one calculation: a plain tree that rules read through `inputs` (dotted
 * paths) and write through `output_key`. Top-level branches:
 *   request   the request body (numbers as Decimal, decimal-string fields as Decimal)
 *   employee  request.employee_snapshot, or what a simulation's pipeline prepares
 *   profile   the company profile version in force (rates as Decimal)
 *   masters   the master records resolved for this calculation, by slot
 *   dates     payment_date, premium_month
 *   amounts   the response's amounts, written by the steps
 *   work      intermediate values that are not part of the response
 */
import { CALLER_DATA_FIELDS } from '../contract/common.ts';
import { DECIMAL_PATTERNS } from '../contract/decimal-patterns.ts';
import { REQUEST_SCHEMAS } from '../contract/request-schemas.ts';
import { Decimal, decimalOfNumber, toDecimal } from '../decimal.ts';
import { profileVersionSchema } from '../contract/calculation-profile.ts';
import { pathReader, type PathReader } from './path-access.ts';

export type Context = Record<string, unknown>;

/**
 * Request and profile fields carried as decimal strings on the wire but computed with as numbers: every
 * property, at any depth of a request body or profile schema, whose pattern is a decimal pattern.
 */
function decimalFieldsOf(schemas: object[]): Set<string> {
  const out = new Set<string>();
  const walk = (node: unknown, name: string) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, name));
    if (!node || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    if (typeof schema.pattern === 'string' && DECIMAL_PATTERNS.has(schema.pattern) && name) out.add(name);
    for (const [key, sub] of Object.entries(schema)) {
      if (key === 'properties' && sub && typeof sub === 'object') for (const [prop, s] of Object.entries(sub)) walk(s, prop);
      else if (key !== 'examples' && key !== 'default') walk(sub, key === 'items' || key === 'additionalProperties' ? '' : name);
    }
  };
  schemas.forEach((s) => walk(s, ''));
  return out;
}

export const DECIMAL_STRING_FIELDS: ReadonlySet<string> = decimalFieldsOf([...Object.values(REQUEST_SCHEMAS), profileVersionSchema]);

/** Deep copy turning every JS number (and the known decimal-string fields) into Decimal. */
export function toContextValue(v: unknown, key = ''): unknown {
  if (CALLER_DATA_FIELDS.has(key)) return v;
  if (typeof v === 'number') return toDecimal(v);
  if (typeof v === 'string' && DECIMAL_STRING_FIELDS.has(key)) return toDecimal(v);
  if (Array.isArray(v)) return v.map((x) => toContextValue(x));
  if (v !== null && typeof v === 'object' && !(v instanceof Decimal)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = toContextValue(x, k);
    return out;
  }
  return v;
}

/**
 * toContextValue for a value the caller owns and drops (the engine's filled copy of a request): the
 * same conversion done in place, without a second copy of the tree. Returns the converted value.
 */
export function toContextValueInPlace(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return toContextValue(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = convertMember(v[i], '');
    return v;
  }
  if (v instanceof Decimal) return v;
  if (Object.getPrototypeOf(v) !== Object.prototype) return toContextValue(v); // as toContextValue copies it
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const x = o[k];
    const y = convertMember(x, k);
    if (y !== x) o[k] = y;
  }
  return o;
}

function convertMember(x: unknown, key: string): unknown {
  if (CALLER_DATA_FIELDS.has(key)) return x;
  if (typeof x === 'number') return decimalOfNumber(x);
  if (typeof x === 'string') return DECIMAL_STRING_FIELDS.has(key) ? decimalOfString(x) : x;
  if (x !== null && typeof x === 'object') return toContextValueInPlace(x);
  return x;
}

/**
 * toDecimal(s) for a decimal-string field: requests carry the same few (hours "160", "7.5"), so each
 * string's Decimal is made once and shared (a Decimal never changes); bounded, then started afresh.
 * A string toDecimal refuses is not remembered: it throws every time, as toDecimal does.
 */
const decimalStrings = new Map<string, Decimal>();
export function decimalOfString(s: string): Decimal {
  let d = decimalStrings.get(s);
  if (d === undefined) {
    d = toDecimal(s);
    if (decimalStrings.size >= 1024) decimalStrings.clear();
    decimalStrings.set(s, d);
  }
  return d;
}

/** A dotted path split once at load time, so a request only walks it. */
export type PathSegments = readonly string[];

export function splitPath(path: string): PathSegments {
  return path.split('.');
}

export function getPath(root: unknown, path: string | PathSegments): unknown {
  let cur = root;
  for (const seg of typeof path === 'string' ? path.split('.') : path) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return null;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur === undefined ? null : cur;
}

/**
 * getPath(root, segments) as a function made once per path (path-access.ts: generated, the keys
 * written in): the same answer as getPath for every root (null for a missing value or a non-object on
 * the way).
 */
export function compileGetter(segments: PathSegments): PathReader {
  return pathReader(segments);
}

export function setPath(root: Record<string, unknown>, path: string | PathSegments, value: unknown): void {
  const segs = typeof path === 'string' ? path.split('.') : path;
  let cur = root;
  const last = segs.length - 1;
  for (let i = 0; i < last; i++) {
    const seg = segs[i];
    const next = cur[seg];
    if (next === null || next === undefined || typeof next !== 'object') cur[seg] = {};
    cur = cur[seg] as Record<string, unknown>;
  }
  cur[segs[last]] = value;
}
