/**
 * "Never a 5xx for a client's mistake": seeded mutations of every endpoint's valid example body (one
 * field deleted, nulled, retyped, made negative, huge, fractional, an impossible date, an unknown api.key...)
 * and whole bodies of the wrong shape, through the real engine. Every answer must be 200 or a 4xx with
 * the error envelope; the seed makes any failure reproducible.
 */
import { describe, expect, it } from 'vitest';
import { freshServer } from './support/fresh-server.ts';
import { bodies, ENDPOINT_NAMES, PATHS } from './support/bodies.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

/** mulberry32: a tiny seeded PRNG so the same mutations run every time. */
function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a value inside the body (objects and arrays included). */
function pathsOf(v: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = prefix.length ? [prefix] : [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, [...prefix, i])));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...pathsOf(x, [...prefix, k]));
  return out;
}

const REPLACEMENTS: Json[] = [
  null,
  'x',
  '',
  -1,
  -0.5,
  1.5,
  1e21,
  2 ** 53 + 2,
  0,
  true,
  [],
  {},
  '2026-02-30',
  '2026-13-01',
  '９９',
  'a'.repeat(5000),
  [null],
  { unexpected: 1 },
  '1e3',
  ' 0.1 ',
  '-0',
  'NaN',
];

function mutate(body: Record<string, Json>, rand: () => number): { body: Json; what: string } {
  const clone = structuredClone(body) as Record<string, Json>;
  const paths = pathsOf(clone);
  const path = paths[Math.floor(rand() * paths.length)];
  let parent: any = clone;
  for (const seg of path.slice(0, -1)) parent = parent[seg];
  const last = path[path.length - 1];
  const action = rand();
  if (action < 0.2) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
    return { body: clone, what: `delete ${path.join('.')}` };
  }
  if (action < 0.3 && parent && typeof parent === 'object' && !Array.isArray(parent)) {
    parent[`unknown_${Math.floor(rand() * 100)}`] = 1;
    return { body: clone, what: `unknown key beside ${path.join('.')}` };
  }
  const value = REPLACEMENTS[Math.floor(rand() * REPLACEMENTS.length)];
  parent[last] = structuredClone(value);
  return { body: clone, what: `${path.join('.')} = ${JSON.stringify(value).slice(0, 40)}` };
}

const ALLOWED = new Set([200, 400, 402, 404, 409, 413, 415, 422, 429]);

describe('malformed input never gets a 5xx', () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo' });

  it.each(ENDPOINT_NAMES)('%s: 170 seeded single-field mutations', async (name) => {
    const rand = prng(20261121 + name.length);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 170; i++) {
      const { body, what } = mutate(bodies[name]() as Record<string, Json>, rand);
      const res = await call(api.server, 'POST', PATHS[name], { key: api.key, body });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `${name} #${i}: ${what} -> ${res.status} ${JSON.stringify(res.json?.error ?? '').slice(0, 200)}`;
      expect(ALLOWED.has(res.status), where).toBe(true);
      if (res.status !== 200) {
        expect(res.json?.error?.code, where).toEqual(expect.any(String));
        expect(res.json?.error?.request_id, where).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
    // The mutations must actually reach the validation paths, not all pass through.
    expect(statuses.get(422) ?? 0).toBeGreaterThan(40);
  });

  it.each([['[]'], ['"text"'], ['123'], ['null'], ['true'], [JSON.stringify({ a: { b: { c: { d: [[[[]]]] } } } })]])(
    'a body of the wrong shape (%s) is a 4xx on every endpoint',
    async (raw) => {
      for (const name of ENDPOINT_NAMES) {
        const res = await call(api.server, 'POST', PATHS[name], {
          key: api.key,
          rawBody: raw,
          headers: { 'Content-Type': 'application/json' },
        });
        expect([400, 422], `${name} ${raw} -> ${res.status}`).toContain(res.status);
      }
    },
  );
});
