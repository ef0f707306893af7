/** Every master schema refuses unknown keys on every object node, and compiles under AJV strict mode. */
import { describe, expect, it } from 'vitest';
import { SCHEMAS } from '../../engine/loading/masters/schemas/index.ts';
import { DATA_KIND_SCHEMAS } from '../../engine/loading/masters/validate.ts';
import { newAjv as newMastersAjv } from '../../engine/util/ajv.ts';

/** Paths of object-typed schema nodes lacking additionalProperties: false. */
// `if`/`then`/`else`/`not` (and the any/all/oneOf directly under them) constrain the same object as their
// parent, whose additionalProperties: false already closes it; closing them too would refuse its other keys.
const SAME_OBJECT = new Set(['if', 'then', 'else', 'not']);
const COMBINERS = new Set(['anyOf', 'allOf', 'oneOf']);
function openObjects(node: unknown, path: string, out: string[], sameObject = false) {
  if (Array.isArray(node)) {
    node.forEach((n, i) => openObjects(n, `${path}/${i}`, out, sameObject));
    return;
  }
  if (!node || typeof node !== 'object') return;
  const n = node as Record<string, unknown>;
  const type = n.type;
  const isObject = type === 'object' || (Array.isArray(type) && type.includes('object')) || 'properties' in n || 'patternProperties' in n;
  // a map (dated values, named parameters, table columns) names its keys by propertyNames and checks each value by its schema
  const isMap = typeof n.additionalProperties === 'object' && n.propertyNames !== undefined;
  if (isObject && n.additionalProperties !== false && !isMap && !sameObject) out.push(path || '/');
  for (const [k, v] of Object.entries(n)) {
    // `properties` / `patternProperties` map names to schemas: walk the schemas, not the map itself.
    if ((k === 'properties' || k === 'patternProperties') && v && typeof v === 'object') {
      for (const [name, sub] of Object.entries(v)) openObjects(sub, `${path}/${k}/${name}`, out);
    } else if (k !== 'const' && k !== 'enum') {
      openObjects(v, `${path}/${k}`, out, SAME_OBJECT.has(k) || (sameObject && COMBINERS.has(k)));
    }
  }
}

describe.each(Object.entries(SCHEMAS))('schema %s', (kind, schema) => {
  it('has additionalProperties: false on every object node', () => {
    const open: string[] = [];
    openObjects(schema, '', open);
    expect(open).toEqual([]);
  });

  it('has at least one object node checked and compiles in strict mode', () => {
    expect((schema as { additionalProperties?: unknown }).additionalProperties).toBe(false);
    expect(() => newMastersAjv().compile(schema)).not.toThrow();
    expect((schema as { properties: { kind: { const: string } } }).properties.kind.const).toBe(kind);
  });
});

describe.each(Object.entries(DATA_KIND_SCHEMAS))('data-declared kind %s', (kind, schema) => {
  it('refuses unknown keys on every object node (maps name their keys) and compiles in strict mode', () => {
    const open: string[] = [];
    openObjects(schema, '', open);
    expect(open).toEqual([]);
    expect(() => newMastersAjv().compile(schema)).not.toThrow();
    expect(schema.properties.kind.const).toBe(kind);
  });
});

describe('the walker itself', () => {
  it('finds a nested open object', () => {
    const open: string[] = [];
    openObjects(
      { type: 'object', additionalProperties: false, properties: { a: { type: 'array', items: { type: 'object', properties: {} } } } },
      '',
      open,
    );
    expect(open).toEqual(['/properties/a/items']);
  });

  it('finds a map whose key names are not checked', () => {
    const open: string[] = [];
    openObjects({ type: 'object', additionalProperties: { type: 'object', additionalProperties: false } }, '', open);
    expect(open).toEqual(['/']);
  });
});
