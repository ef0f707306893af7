/**
 * The generated path readers and writers (engine/calculating/path-access.ts) against getPath and the
 * generic setPath they replace: the same answers on every kind of root, the same trees written, and a
 * write into a frozen object still refused.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import { getPath, setPath } from '../../engine/calculating/context.ts';
import { pathReader, pathWriter, slotsReader } from '../../engine/calculating/path-access.ts';

const makeRoots = (): unknown[] => [
  null,
  undefined,
  7,
  'text',
  [],
  { a: null },
  { a: 0 },
  { a: { b: undefined } },
  { a: { b: { c: false } } },
  { a: { b: { c: new Decimal('1.5'), d: [1, 2] } } },
  { a: [{ b: 1 }], '0': { b: 2 } },
  { 'we"ird': { 'key\\': 'x' } },
];
const paths = [
  ['a'],
  ['a', 'b'],
  ['a', 'b', 'c'],
  ['a', 'b', 'c', 'd'],
  ['a', '0', 'b'],
  ['we"ird', 'key\\'],
  ['__proto__'],
  ['constructor', 'name'],
];

describe('generated path readers and writers', () => {
  it('read as getPath reads', () => {
    for (const root of makeRoots()) for (const path of paths) expect(pathReader(path)(root)).toBe(getPath(root, path));
  });

  it('read into slots as getPath reads, each path into its own slot', () => {
    for (const root of makeRoots()) {
      const values: unknown[] = new Array(paths.length + 1);
      slotsReader(paths.map((p, i) => [i + 1, p]))(root, values);
      expect(values).toEqual([undefined, ...paths.map((p) => getPath(root, p))]);
    }
  });

  it('write as setPath writes', () => {
    const count = makeRoots().length;
    for (let i = 0; i < count; i++) {
      if (makeRoots()[i] === null || typeof makeRoots()[i] !== 'object') continue;
      for (const path of paths.filter((p) => p[0] !== '__proto__' && p[0] !== 'constructor')) {
        const a = makeRoots()[i] as Record<string, unknown>;
        const b = makeRoots()[i] as Record<string, unknown>;
        setPath(a, path, 42);
        pathWriter(path)(b, 42);
        expect(b).toEqual(a);
      }
    }
  });

  it('refuses a write into a frozen object, as the strict-mode modules do', () => {
    const root = { profile: Object.freeze({ x: 1 }) };
    expect(() => setPath(root, ['profile', 'x'], 2)).toThrow(TypeError);
    expect(() => pathWriter(['profile', 'x'])(root, 2)).toThrow(TypeError);
  });
});
