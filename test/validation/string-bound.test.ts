/**
 * The longest string a request schema accepts (server/app/validation/string-bound.ts), read from the
 * keywords AJV validates with: the body scan refuses a longer one before JSON.parse. It must never be
 * shorter than a string the schema accepts (a valid body would be refused), and is Infinity wherever
 * the schema leaves a string unbounded.
 */
import { describe, expect, it } from 'vitest';
import { profilePutBodySchema } from '../../engine/index.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { requestSchemaFor } from '../../server/app/validation/request-schemas.ts';
import { longestStringOf, MAX_BYTES_PER_CHARACTER, maxStringBytesOf, patternLength } from '../../server/app/validation/string-bound.ts';
import { realEngine } from '../api/support/real-engine.ts';

describe('patternLength', () => {
  it.each([
    ['^\\d{4}-(0[1-9]|1[0-2])$', '2026-12'],
    ['^[0-9a-f]{64}$', 'a'.repeat(64)],
    ['^\\d{1,9}(\\.\\d{1,10})?$', `${'9'.repeat(9)}.${'0'.repeat(10)}`],
    ['^(([1-9]|1\\d|2[0-3])(\\.\\d{1,10})?|24(\\.0{1,10})?)$', `24.${'0'.repeat(10)}`],
    ['^(?:ab|c)?x$', 'abx'],
  ])('%s: as long as its longest match', (pattern, longest) => {
    expect(new RegExp(pattern, 'u').test(longest)).toBe(true);
    expect(patternLength(pattern)).toBe([...longest].length);
  });

  it.each(['^[^\\u0000\\uD800-\\uDFFF]*$', '^a+$', '^a{2,}$', 'abc', '^(a)\\1$', '^a|b$x$'])('%s: unbounded (or not read)', (pattern) => {
    expect(patternLength(pattern)).toBe(Infinity);
  });
});

describe('longestStringOf', () => {
  const closed = (properties: object, extra: object = {}) => ({ type: 'object', additionalProperties: false, properties, ...extra });

  it('takes the longest of maxLength, enum, const, date format, patterns and closed property names', () => {
    expect(longestStringOf(closed({ a: { type: 'string', maxLength: 7 } }))).toBe(7);
    expect(longestStringOf(closed({ a: { type: 'string', enum: ['abc', 'abcdefgh'] } }))).toBe(8);
    expect(longestStringOf(closed({ a: { type: 'string', format: 'date' } }))).toBe(10);
    expect(longestStringOf(closed({ a: { type: 'string', pattern: '^[0-9]{12}$' } }))).toBe(12);
    expect(longestStringOf(closed({ a_rather_long_name: { type: 'integer' } }))).toBe(18);
    expect(longestStringOf(closed({ a: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 30 } } }))).toBe(30);
    // a then-branch narrows a place the object names already; a const that is not a string adds none
    expect(longestStringOf(closed({ u: { type: 'string', maxLength: 2 } }, { if: {}, then: { properties: { u: { const: 1 } } } }))).toBe(2);
  });

  it('bounds an open map by its propertyNames and its values', () => {
    const map = { type: 'object', propertyNames: { maxLength: 40 }, additionalProperties: { type: 'string', maxLength: 20 } };
    expect(longestStringOf(closed({ m: map }))).toBe(40);
  });

  it('is Infinity where a string is unbounded: a string without bound, an open object, items of any kind', () => {
    expect(longestStringOf(closed({ a: { type: 'string' } }))).toBe(Infinity);
    expect(longestStringOf({ type: 'object', properties: { a: { type: 'integer' } } })).toBe(Infinity);
    expect(longestStringOf(closed({ a: { type: 'array' } }))).toBe(Infinity);
    expect(longestStringOf(closed({ a: { type: 'string', format: 'date-time' } }))).toBe(Infinity);
  });

  const schemas: [string, object][] = [
    ...CALCULATION_ENDPOINTS.map((e): [string, object] => [e.path, requestSchemaFor(realEngine(), e.requestSchema)]),
    ['profile PUT', profilePutBodySchema],
  ];

  it.each(schemas)('%s: bounded, and at least every maxLength of the schema', (_name, schema) => {
    const maxLengths: number[] = [];
    const walk = (node: unknown): void => {
      if (node === null || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (typeof record.maxLength === 'number') maxLengths.push(record.maxLength);
      for (const [key, child] of Object.entries(record)) if (!['enum', 'const', 'default', 'examples'].includes(key)) walk(child);
    };
    walk(schema);
    const longest = longestStringOf(schema);
    expect(Number.isFinite(longest)).toBe(true);
    expect(longest).toBeGreaterThanOrEqual(Math.max(...maxLengths));
    expect(maxStringBytesOf(schema)).toBe(longest * MAX_BYTES_PER_CHARACTER);
  });

  it('allows 12 bytes a character: one code point written as two \\u escapes', () => {
    const written = '\\ud83d\\ude00';
    expect(Buffer.byteLength(written)).toBe(MAX_BYTES_PER_CHARACTER);
    expect([...(JSON.parse(`"${written}"`) as string)].length).toBe(1);
  });
});
