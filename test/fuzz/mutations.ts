/**
 * Ways a request can go wrong, as fast-check arbitraries: a body generated from the schema, then
 * mutated at any depth (deleted, retyped, odd Unicode, huge numbers, deep nesting, oversize arrays,
 * unknown keys), then sent with a right or wrong content type and a real, false or unknown
 * Content-Encoding, or cut short, or with invalid UTF-8.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export const ODD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d\ude00',
  '\u202e13',
  '\u2028',
  '\ufeff',
  '１３',
  '\u0301',
  'e\u0301',
  '𠮷野家',
  '',
  ' ',
  'null',
  'true',
  '0x10',
  '1e999',
  '-0',
  'NaN',
  'Infinity',
  '0.0985',
  '9.85',
  '9.85%',
  '2026-02-30',
  '2026-5-1',
  'ｘ'.repeat(300),
  '<script>',
  "'; DROP TABLE companies; --",
  '%00',
  '../../etc/passwd',
];

export const ODD_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  1.5,
  2 ** 31,
  2 ** 32 + 1,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
  999_999_999,
  1_000_000_000,
];

const oddValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(...ODD_STRINGS),
  fc.constantFrom<Json>(...ODD_NUMBERS),
  fc.constantFrom<Json>(null, true, false, [], {}, [null], { unexpected: 1 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.double(),
  fc.integer(),
);

/** Paths to values inside v, the root ([]) included: the first 500, at most 40 deep (mutated bodies can be huge). */
export function pathsOf(v: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (out.length >= 500) return out;
  out.push(prefix);
  if (prefix.length >= 40) return out;
  if (Array.isArray(v)) v.slice(0, 50).forEach((x, i) => pathsOf(x, [...prefix, i], out));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v).slice(0, 50)) pathsOf(x, [...prefix, k], out);
  return out;
}

/**
 * Mutated bodies stay below this serialized size: a little above PAYROLL_MAX_BODY_BYTES (413 is fuzzed
 * too) but no more, for speed; test/api/request-bounds.test.ts sends the worst bodies of full size.
 */
const MAX_FUZZ_BODY_CHARS = 1_200_000;

/**
 * Whether JSON.stringify(value) would be longer than `limit` characters, found without serializing: a
 * mutation that copies a large body 2,000 times would make a string longer than V8 can hold
 * (RangeError: Invalid string length) before its length could be compared. The walk stops as soon as
 * the count passes the limit, and keeps its own stack (values nest thousands deep).
 */
export function serializedLongerThan(value: Json | undefined, limit: number): boolean {
  let size = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (Array.isArray(v)) {
      // brackets and commas; a hole or undefined element is written null
      size += 2 + Math.max(v.length - 1, 0);
      for (const item of v) pending.push(item === undefined ? null : item);
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v).filter(([, item]) => item !== undefined);
      size += 2 + Math.max(entries.length - 1, 0);
      for (const [key, item] of entries) {
        size += JSON.stringify(key).length + 1;
        pending.push(item);
      }
    } else size += (JSON.stringify(v) ?? '').length;
    if (size > limit) return true;
  }
  return false;
}

function nest(value: Json, depth: number): Json {
  let v = value;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { d: v };
  return v;
}

type Change = (old: Json) => Json | undefined; // undefined = delete

const change: fc.Arbitrary<{ what: string; apply: Change }> = fc.oneof(
  fc.constant({ what: 'delete', apply: () => undefined }),
  oddValue.map((v) => ({ what: `= ${JSON.stringify(v)?.slice(0, 40)}`, apply: () => v })),
  fc
    .integer({ min: 10, max: 1000 })
    .map((d) => ({ what: `nested ${d} deep`, apply: (old: Json) => nest(typeof old === 'object' ? null : old, d) })),
  fc.integer({ min: 51, max: 2000 }).map((n) => ({
    what: `array of ${n}`,
    apply: (old: Json) => Array.from({ length: n }, () => (Array.isArray(old) && old.length ? old[0]! : old)),
  })),
  fc.integer({ min: 1, max: 300 }).map((n) => ({
    what: `${n} unknown keys`,
    apply: (old: Json) =>
      old && typeof old === 'object' && !Array.isArray(old)
        ? { ...old, ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])) }
        : old,
  })),
  fc
    .constantFrom(...ODD_STRINGS)
    .map((s) => ({ what: `string + ${JSON.stringify(s).slice(0, 20)}`, apply: (old: Json) => (typeof old === 'string' ? old + s : s) })),
);

export function mutateAt(body: Json, pathIndex: number, c: { apply: Change }): Json {
  const paths = pathsOf(body);
  const path = paths[pathIndex % paths.length]!;
  if (path.length === 0) return c.apply(body) ?? null;
  // Copy only the containers along the path (a deep clone of a 3,000-deep value would overflow the stack).
  const copy = (v: Json): Json => (Array.isArray(v) ? [...v] : v !== null && typeof v === 'object' ? { ...v } : v);
  const clone = copy(body);
  let parent = clone as Record<string | number, Json>;
  for (const seg of path.slice(0, -1)) {
    parent[seg] = copy(parent[seg]!);
    parent = parent[seg] as Record<string | number, Json>;
  }
  const last = path[path.length - 1]!;
  const next = c.apply(parent[last]!);
  if (next === undefined) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = next;
  return clone;
}

/** A body after zero to three mutations at random depths. */
export function mutatedBody(valid: fc.Arbitrary<Json>): fc.Arbitrary<{ body: Json; what: string[] }> {
  return fc.tuple(valid, fc.array(fc.tuple(fc.nat(), change), { maxLength: 3 })).map(([body, changes]) => {
    let b = body;
    const what: string[] = [];
    for (const [i, c] of changes) {
      const next = mutateAt(b, i, c);
      // A change that would make the body absurdly large (an array of copies of an array of copies) is skipped.
      if (serializedLongerThan(next, MAX_FUZZ_BODY_CHARS)) continue;
      b = next;
      what.push(`#${i} ${c.what}`);
    }
    return { body: b, what };
  });
}

export interface WireRequest {
  headers: Record<string, string>;
  body: Uint8Array | string | undefined;
  what: string;
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
  'application/merge-patch+json',
);

const encodings: fc.Arbitrary<{ name: string; encode: (b: Buffer) => Buffer; header?: string }> = fc.constantFrom(
  { name: 'none', encode: (b: Buffer) => b },
  { name: 'none', encode: (b: Buffer) => b },
  { name: 'gzip', encode: (b: Buffer) => gzipSync(b), header: 'gzip' },
  { name: 'deflate', encode: (b: Buffer) => deflateSync(b), header: 'deflate' },
  { name: 'br', encode: (b: Buffer) => brotliCompressSync(b), header: 'br' },
  { name: 'GZIP', encode: (b: Buffer) => gzipSync(b), header: 'GZIP' },
  { name: 'claimed gzip', encode: (b: Buffer) => b, header: 'gzip' },
  { name: 'claimed deflate', encode: (b: Buffer) => b, header: 'deflate' },
  { name: 'claimed br', encode: (b: Buffer) => b, header: 'br' },
  { name: 'truncated gzip', encode: (b: Buffer) => gzipSync(b).subarray(0, 12), header: 'gzip' },
  { name: 'unknown', encode: (b: Buffer) => b, header: 'compress' },
  { name: 'list', encode: (b: Buffer) => gzipSync(b), header: 'gzip, identity' },
);

const corruption: fc.Arbitrary<{ name: string; apply: (b: Buffer) => Buffer }> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ name: 'intact', apply: (b: Buffer) => b }) },
  { weight: 1, arbitrary: fc.nat().map((n) => ({ name: `cut at ${n}`, apply: (b: Buffer) => b.subarray(0, n % Math.max(b.length, 1)) })) },
  {
    weight: 1,
    arbitrary: fc.nat().map((n) => ({
      name: 'invalid UTF-8',
      apply: (b: Buffer) =>
        Buffer.concat([
          b.subarray(0, n % Math.max(b.length, 1)),
          Buffer.from([0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
          b.subarray(n % Math.max(b.length, 1)),
        ]),
    })),
  },
  { weight: 1, arbitrary: fc.constant({ name: 'empty', apply: () => Buffer.alloc(0) }) },
);

/** The body on the wire: serialized, corrupted or not, encoded or not, with some content type. */
export function wireRequest(body: fc.Arbitrary<{ body: Json; what: string[] }>): fc.Arbitrary<WireRequest> {
  return fc.tuple(body, contentTypes, encodings, corruption).map(([b, type, enc, cut]) => {
    const headers: Record<string, string> = {};
    if (type) headers['Content-Type'] = type;
    if (enc.header) headers['Content-Encoding'] = enc.header;
    const raw = enc.encode(cut.apply(Buffer.from(JSON.stringify(b.body) ?? 'null', 'utf8')));
    return { headers, body: new Uint8Array(raw), what: `${b.what.join('; ')} | ${type || 'no type'} | ${enc.name} | ${cut.name}` };
  });
}
