/**
 * fast-check arbitraries derived from the request schema constants themselves, so the fuzzer follows
 * the schemas as they change: enums, consts, integer ranges (edges included), dates, patterns (through
 * fc.stringMatching), the free-text rule, objects with their required and some optional fields,
 * arrays up to a few items. The values satisfy the schema; cross-field rules are left to chance, which
 * is what a fuzzer wants (most bodies are then refused with 422 somewhere deep).
 */
import fc from 'fast-check';
import { TEXT_PATTERN } from '../../engine/contract/common.ts';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Schema {
  type?: string | readonly string[];
  enum?: readonly Json[];
  const?: Json;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: readonly string[];
  additionalProperties?: boolean | Schema;
  maxProperties?: number;
  items?: Schema;
  maxItems?: number;
}

const TEXT = new RegExp(TEXT_PATTERN, 'u');

const isoDate = fc
  .date({ min: new Date('2019-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function integerArb(s: Schema): fc.Arbitrary<number> {
  const min = s.minimum ?? -1_000_000;
  const max = s.maximum ?? 1_000_000;
  // Edges and small values find more than a uniform draw over a billion.
  return fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max: Math.min(max, min + 1000) }), fc.integer({ min, max }));
}

function stringArb(s: Schema): fc.Arbitrary<string> {
  if (s.format === 'date') return isoDate;
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, 40);
  if (s.pattern === TEXT_PATTERN || s.pattern === undefined) {
    return fc.string({ unit: 'binary', minLength, maxLength }).filter((v) => TEXT.test(v) && v.length <= (s.maxLength ?? Infinity));
  }
  return fc.stringMatching(new RegExp(s.pattern, 'u')).filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
}

function objectArb(s: Schema): fc.Arbitrary<Json> {
  const properties = s.properties ?? {};
  if (Object.keys(properties).length === 0 && typeof s.additionalProperties === 'object') {
    return fc.dictionary(stringArb({ maxLength: 20 }), schemaArbitrary(s.additionalProperties), {
      maxKeys: Math.min(s.maxProperties ?? 3, 3),
    });
  }
  const record = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, schemaArbitrary(v)]));
  return fc.record(record, { requiredKeys: [...(s.required ?? [])] }) as fc.Arbitrary<Json>;
}

function ofType(type: string, s: Schema): fc.Arbitrary<Json> {
  switch (type) {
    case 'integer':
      return integerArb(s);
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'string':
      return stringArb(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? schemaArbitrary(s.items) : fc.constant(null), { maxLength: Math.min(s.maxItems ?? 3, 3) });
    default:
      return objectArb(s);
  }
}

export function schemaArbitrary(schema: object): fc.Arbitrary<Json> {
  const s = schema as Schema;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((t) => ofType(t, s)));
  return ofType((s.type as string | undefined) ?? 'object', s);
}
