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
  return Object.entries(schema).some(
    ([k, sub]) => !DATA_KEYWORDS.has(k) && (k === 'properties' ? Object.values(sub as object).some(hasDefaultBelow) : hasDefaultBelow(sub)),
  );
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
function fillDefaults(data: unknown, plan: DefaultsPlan | null): void {
  if (plan === null) return;
  if (isObject(data)) {
    // a default object's own defaults are filled below, with the other properties'
    for (const [key, value] of plan.defaults) if (data[key] === undefined) data[key] = structuredClone(value);
    for (const [key, sub] of plan.properties) if (data[key] !== undefined) fillDefaults(data[key], sub);
  } else if (Array.isArray(data) && plan.items) {
    for (let i = 0; i < data.length; i++) fillDefaults(data[i], plan.items);
  }
}

/**
 * A copy of `request` (structuredClone's) with every schema default its shape admits (nested objects
 * and array items too). The engine builds its context request in one walk instead
 * (calculating/request-context.ts), and comes here only for data that walk does not take.
 */
export function withRequestDefaults(type: CalculationType, request: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(request);
  fillDefaults(copy, DEFAULTS_PLANS.get(type)!);
  return copy;
}
