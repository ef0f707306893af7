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
import { DECIMAL_PATTERNS } from '../contract/decimal-patterns.ts';
import { REQUEST_SCHEMAS } from '../contract/request-schemas.ts';
import { Decimal, toDecimal } from '../decimal.ts';
import { profileVersionSchema } from '../profile/schema.ts';

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

export function setPath(root: Record<string, unknown>, path: string | PathSegments, value: unknown): void {
  const segs = typeof path === 'string' ? path.split('.') : path;
  let cur = root;
  for (const seg of segs.slice(0, -1)) {
    const next = cur[seg];
    if (next === null || next === undefined || typeof next !== 'object') cur[seg] = {};
    cur = cur[seg] as Record<string, unknown>;
  }
  cur[segs[segs.length - 1]] = value;
}
