/**
 * The request schemas' `default`s, applied by the engine: each default is written once, in the schema
 * constant (which the API documents and the server validates with), and the pipelines read a request
 * that already carries them, so no pipeline `prepare` restates one. AJV fills them (useDefaults, the
 * same semantics as the server's validation) on a copy, so a caller's object is never changed.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { CalculationType } from '../calculation-type.ts';
import { REQUEST_SCHEMAS } from './request-schemas.ts';

// Only defaults are wanted here, not verdicts (the server and the engine's validate() judge the body):
// formats and the API's own message keyword (errorMessage) are ignored rather than compiled.
const ajv = new Ajv({ useDefaults: true, allErrors: true, strict: false, validateFormats: false });

const fillers = new Map<CalculationType, ValidateFunction>(
  (Object.entries(REQUEST_SCHEMAS) as [CalculationType, object][]).map(([type, schema]) => [type, ajv.compile(schema)]),
);

/** A copy of `request` with every schema default its shape admits (nested objects and array items too). */
export function withRequestDefaults(type: CalculationType, request: Record<string, unknown>): Record<string, unknown> {
  const copy = jsonClone(request) as Record<string, unknown>;
  fillers.get(type)!(copy);
  return copy;
}

/**
 * A deep copy of parsed-JSON data (plain objects, arrays, primitives), several times cheaper than
 * structuredClone for a request body. Anything else inside (a Date, a class instance, a cycle) makes it
 * fall back to structuredClone for the whole value, so the copy is always what structuredClone gives.
 */
function jsonClone(v: unknown): unknown {
  try {
    return copyPlain(v, 0);
  } catch (e) {
    if (e !== NOT_PLAIN) throw e;
    return structuredClone(v);
  }
}

const NOT_PLAIN = new Error('not plain JSON data');
/** Deeper than any request schema allows: a deeper value is treated as a possible cycle. */
const MAX_DEPTH = 64;

function copyPlain(v: unknown, depth: number): unknown {
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'function' || typeof v === 'symbol') throw NOT_PLAIN;
    return v;
  }
  if (depth > MAX_DEPTH) throw NOT_PLAIN;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) throw NOT_PLAIN;
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) {
      if (!(i in v)) throw NOT_PLAIN; // holes: structuredClone keeps them
      out[i] = copyPlain(v[i], depth + 1);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    if (k === '__proto__') throw NOT_PLAIN; // an own "__proto__" (JSON.parse makes one) would set the copy's prototype
    out[k] = copyPlain((v as Record<string, unknown>)[k], depth + 1);
  }
  return out;
}
