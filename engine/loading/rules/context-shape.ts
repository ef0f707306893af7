/**
 * The shape of a calculation's context as the rule loader sees it: which dotted paths exist. Built from
 * the JSON schema constants that already describe the data (request bodies, the profile version, each
 * master kind's file) and from what pipeline steps declare they write, so it follows those constants
 * automatically when a field is added, renamed or removed.
 *
 *   object  known fields only: any other name is a misspelling
 *   array   a list: a numeric segment ("grades.0") reads an item
 *   leaf    a value (number, string...): no dotted path goes below it
 *   open    a value whose inside the loader cannot know (a computed result, a free-form map)
 */
export type Shape = { kind: 'object'; fields: Map<string, Shape> } | { kind: 'array'; item: Shape } | { kind: 'leaf' } | { kind: 'open' };

export const LEAF: Shape = { kind: 'leaf' };
export const OPEN: Shape = { kind: 'open' };

export function objectShape(fields: Record<string, Shape> = {}): Shape {
  return { kind: 'object', fields: new Map(Object.entries(fields)) };
}

type JsonSchema = Record<string, unknown> | boolean;

/** Every `properties` map a value of this schema may follow, including conditional branches. */
function propertyMaps(schema: Record<string, unknown>): Record<string, JsonSchema>[] {
  const out: Record<string, JsonSchema>[] = [];
  if (schema.properties && typeof schema.properties === 'object') out.push(schema.properties as Record<string, JsonSchema>);
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    for (const sub of (schema[key] as JsonSchema[] | undefined) ?? []) if (typeof sub === 'object') out.push(...propertyMaps(sub));
  }
  for (const key of ['then', 'else']) {
    const sub = schema[key] as JsonSchema | undefined;
    if (sub && typeof sub === 'object') out.push(...propertyMaps(sub));
  }
  return out;
}

/**
 * The shape of each schema constant, made once: every pipeline's initial context holds the profile's and
 * the settings' shapes, and a shape is never changed once made (withPath and intersect copy).
 */
const schemaShapes = new WeakMap<object, Shape>();

/** The shape of values valid against a JSON schema. */
export function shapeOfSchema(input: object | boolean): Shape {
  if (typeof input !== 'object') return OPEN;
  let shape = schemaShapes.get(input);
  if (!shape) schemaShapes.set(input, (shape = shapeOfSchemaObject(input as Record<string, unknown>)));
  return shape;
}

function shapeOfSchemaObject(schema: Record<string, unknown>): Shape {
  const maps = propertyMaps(schema);
  if (maps.length === 0) {
    if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items))
      return { kind: 'array', item: shapeOfSchema(schema.items) };
    const types = ([] as unknown[]).concat(schema.type ?? []);
    return types.includes('object') || schema.additionalProperties !== undefined ? OPEN : LEAF;
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return OPEN;
  const fields = new Map<string, Shape>();
  for (const map of maps) {
    for (const [name, sub] of Object.entries(map)) {
      if (sub === false) continue; // a forbidden field
      const prev = fields.get(name);
      fields.set(name, prev ? mergeShapes(prev, shapeOfSchema(sub)) : shapeOfSchema(sub));
    }
  }
  return { kind: 'object', fields };
}

export function mergeShapes(a: Shape, b: Shape): Shape {
  if (a.kind === 'object' && b.kind === 'object') {
    const fields = new Map(a.fields);
    for (const [k, v] of b.fields) fields.set(k, fields.has(k) ? mergeShapes(fields.get(k)!, v) : v);
    return { kind: 'object', fields };
  }
  if (a.kind === 'open' || b.kind === 'open') return OPEN;
  if (a.kind === 'array' && b.kind === 'array') return { kind: 'array', item: mergeShapes(a.item, b.item) };
  if (a.kind !== 'leaf') return a;
  if (b.kind !== 'leaf') return b;
  return LEAF;
}

/**
 * The shape any of `values` reaches: what a dotted path can actually reach in one of them (a Decimal is
 * a value), each value's own shape merged with mergeShapes left to right (OPEN for none). Made in one
 * pass, each value merged into one growing shape: the masters' tables have thousands of rows of the
 * same few fields.
 */
export function shapeOfValues(values: readonly unknown[]): Shape {
  let acc: Shape | undefined;
  for (const v of values) acc = addValue(acc, v);
  return acc ?? OPEN;
}

/**
 * mergeShapes(acc, the shape of v), or the shape of v without acc. `acc` is a shape this module made
 * for the value being folded (never LEAF or OPEN, which are shared and never changed), so it is updated
 * in place; an array's items are folded on their own first, then merged, so that the result is exactly
 * the pairwise one even where kinds mix (an object meeting a list keeps whichever came first).
 */
function addValue(acc: Shape | undefined, v: unknown): Shape {
  if (acc?.kind === 'open') return OPEN;
  if (Array.isArray(v)) {
    if (acc?.kind === 'object') return acc;
    let item: Shape | undefined;
    for (const x of v) item = addValue(item, x);
    if (acc?.kind !== 'array') return { kind: 'array', item: item ?? OPEN };
    acc.item = mergeInto(acc.item, item ?? OPEN);
    return acc;
  }
  if (v === null || typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return acc ?? LEAF;
  if (acc?.kind === 'array') return acc;
  const fields = acc?.kind === 'object' ? acc.fields : new Map<string, Shape>();
  for (const k of Object.keys(v)) {
    const before = fields.get(k);
    const after = addValue(before, (v as Record<string, unknown>)[k]);
    if (after !== before) fields.set(k, after); // most rows change nothing: a table's rows share their fields
  }
  return acc?.kind === 'object' ? acc : { kind: 'object', fields };
}

/** mergeShapes(a, b) for shapes made by addValue: `a` is updated in place and `b`'s parts are taken into it. */
function mergeInto(a: Shape, b: Shape): Shape {
  if (a.kind === 'object' && b.kind === 'object') {
    for (const [k, v] of b.fields) a.fields.set(k, a.fields.has(k) ? mergeInto(a.fields.get(k)!, v) : v);
    return a;
  }
  if (a.kind === 'open' || b.kind === 'open') return OPEN;
  if (a.kind === 'array' && b.kind === 'array') {
    a.item = mergeInto(a.item, b.item);
    return a;
  }
  if (a.kind !== 'leaf') return a;
  return b;
}

/** The shape at `segments`, or a reason it does not exist (naming the known fields where it stopped). */
export function lookup(root: Shape, segments: readonly string[]): { shape: Shape } | { missing: string } {
  let cur = root;
  for (let i = 0; i < segments.length; i++) {
    if (cur.kind === 'open') return { shape: OPEN };
    const here = segments.slice(0, i).join('.') || 'the context';
    if (cur.kind === 'array') {
      if (!/^(0|[1-9][0-9]*)$/.test(segments[i])) return { missing: `${here} is a list, ${segments[i]} is not an index` };
      cur = cur.item;
      continue;
    }
    if (cur.kind === 'leaf') return { missing: `${here} is a value, it has no field ${segments[i]}` };
    const next = cur.fields.get(segments[i]);
    if (!next) {
      const known = [...cur.fields.keys()].sort();
      return { missing: `${here} has no field ${segments[i]} (it has: ${known.length ? known.join(', ') : 'nothing yet'})` };
    }
    cur = next;
  }
  return { shape: cur };
}

/** A deep copy in which `segments` holds `shape` (intermediate objects created, as setPath does). */
export function withPath(root: Shape, segments: readonly string[], shape: Shape): Shape {
  if (segments.length === 0) return shape;
  const fields = root.kind === 'object' ? new Map(root.fields) : new Map<string, Shape>();
  fields.set(segments[0], withPath(fields.get(segments[0]) ?? objectShape(), segments.slice(1), shape));
  return { kind: 'object', fields };
}

/** Paths present in both (the context after a step whose versions write different outputs). */
export function intersect(a: Shape, b: Shape): Shape {
  if (a.kind !== 'object' || b.kind !== 'object') return a.kind === b.kind ? a : a.kind === 'object' ? b : a;
  const fields = new Map<string, Shape>();
  for (const [k, v] of a.fields) if (b.fields.has(k)) fields.set(k, intersect(v, b.fields.get(k)!));
  return { kind: 'object', fields };
}
