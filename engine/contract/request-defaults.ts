/**
 * The request schemas' `default`s, applied by the engine: each default is written once, in the schema
 * constant (which the API documents and the server validates with), and the pipelines read a request
 * that already carries them, so no pipeline `prepare` restates one.
 *
 * Filled as AJV's useDefaults fills them (the server's validation does that too), without running a
 * validator: at load each schema is reduced to a plan of where its defaults are, and a request only
 * walks the branches that hold one. AJV's rules, which the plan keeps:
 *  - at a JSON object (any non-null, non-array object) whose schema has `properties`, each property
 *    with a `default` whose value is `=== undefined` gets a fresh copy of the default, in the order of
 *    `properties` (so added keys follow the given ones), and a default object gets its own defaults;
 *  - a property's value, or each item of an array under `items`, is filled by its own schema;
 *  - defaults anywhere else (under anyOf, oneOf, not, if: AJV ignores them; under allOf, $ref,
 *    additionalProperties, ...: the plan does not follow them) make the plan refuse to build, so a
 *    schema change that the plan would get wrong fails at load instead of filling differently.
 * test/engine/request-defaults-plan.test.ts checks the plan against AJV itself on many requests.
 */
import type { CalculationType } from '../calculation-type.ts';
import { REQUEST_SCHEMAS } from './request-schemas.ts';

/** Where one schema's defaults are: only the branches that hold a default somewhere below. */
export interface DefaultsPlan {
  /** [property, its default (JSON), the plan of its schema] in `properties` order */
  readonly defaults: readonly (readonly [string, unknown, DefaultsPlan | null])[];
  /** property -> plan of its schema, for the properties with a default at or below them */
  readonly properties: ReadonlyMap<string, DefaultsPlan>;
  /** the plan of `items` (one schema for every item), when it holds a default */
  readonly items: DefaultsPlan | null;
}

/** Keywords whose subschemas the plan follows; every other keyword must hold no default below it. */
const FOLLOWED = new Set(['properties', 'items']);
/** Keywords whose values are data, not schemas: a `default` inside them is no default. */
const DATA_KEYWORDS = new Set(['default', 'examples', 'enum', 'const', 'description', 'errorMessage']);

function hasDefaultBelow(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasDefaultBelow);
  if (node === null || typeof node !== 'object') return false;
  const schema = node as Record<string, unknown>;
  if (schema.default !== undefined) return true;
  return Object.entries(schema).some(([k, sub]) => !DATA_KEYWORDS.has(k) && (k === 'properties' ? Object.values(sub as object).some(hasDefaultBelow) : hasDefaultBelow(sub)));
}

/** The plan of a schema, or null when nothing below it has a default. Throws on a default it cannot place. */
export function defaultsPlanOf(schema: unknown, where = '#'): DefaultsPlan | null {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return null;
  const s = schema as Record<string, unknown>;
  for (const [k, sub] of Object.entries(s)) {
    if (FOLLOWED.has(k) || DATA_KEYWORDS.has(k)) continue;
    if (hasDefaultBelow(sub)) throw new Error(`request defaults: ${where}/${k} holds a default, which the defaults plan does not follow`);
  }
  if (Array.isArray(s.items)) throw new Error(`request defaults: ${where}/items is a tuple, which the defaults plan does not follow`);
  const defaults: [string, unknown, DefaultsPlan | null][] = [];
  const properties = new Map<string, DefaultsPlan>();
  const props = (s.properties ?? {}) as Record<string, unknown>;
  for (const key in props) {
    const sub = defaultsPlanOf(props[key], `${where}/properties/${key}`);
    const value = (props[key] as { default?: unknown } | null)?.default;
    if (value !== undefined) defaults.push([key, value, sub]);
    if (sub) properties.set(key, sub);
  }
  const items = defaultsPlanOf(s.items, `${where}/items`);
  if (!defaults.length && !properties.size && !items) return null;
  return { defaults, properties, items };
}

export const DEFAULTS_PLANS: ReadonlyMap<CalculationType, DefaultsPlan | null> = new Map(
  (Object.entries(REQUEST_SCHEMAS) as [CalculationType, object][]).map(([type, schema]) => [type, defaultsPlanOf(schema)]),
);

/** A JSON object in AJV's sense (its object keywords apply): not null, not an array. */
function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Fills `data` in place by the plan, as AJV's useDefaults would (the data is the caller's copy). */
export function fillDefaults(data: unknown, plan: DefaultsPlan | null): void {
  if (plan === null) return;
  if (isObject(data)) {
    // a default object's own defaults are filled below, with the other properties'
    for (const [key, value] of plan.defaults) if (data[key] === undefined) data[key] = structuredClone(value);
    for (const [key, sub] of plan.properties) if (data[key] !== undefined) fillDefaults(data[key], sub);
  } else if (Array.isArray(data) && plan.items) {
    for (let i = 0; i < data.length; i++) fillDefaults(data[i], plan.items);
  }
}

/** A copy of `request` with every schema default its shape admits (nested objects and array items too). */
export function withRequestDefaults(type: CalculationType, request: Record<string, unknown>): Record<string, unknown> {
  const copy = jsonClone(request) as Record<string, unknown>;
  fillDefaults(copy, DEFAULTS_PLANS.get(type)!);
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

/** Thrown by the plain-data walkers for anything structuredClone copies differently. */
export const NOT_PLAIN = new Error('not plain JSON data');
/** Deeper than any request schema allows: a deeper value is treated as a possible cycle. */
export const MAX_DEPTH = 64;

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
