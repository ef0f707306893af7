/**
 * The generated var walks (engine/logic/var-path.ts) against the generic walkFrom they
 * replace, over data of every kind: objects owning or inheriting a key, arrays under digit and other
 * segments, Decimals (of this clone and another, by decimal.js's tag), null and primitives on the way.
 */
import DecimalJs from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import { compileWalk, lazyWalk, walkFrom } from '../../engine/logic/var-path.ts';

const inherited = Object.create({ b: 1 }) as Record<string, unknown>;
const data: unknown[] = [
  null,
  undefined,
  0,
  'ab',
  true,
  new Decimal('2.5'),
  new DecimalJs('3'),
  [],
  [{ b: 1 }, { b: [5, 6] }],
  { a: undefined },
  { a: null },
  { a: { b: 0 } },
  { a: { b: { '0': 'zero', c: new Decimal(1) } } },
  { a: [{ b: 'x' }], '1': { b: 2 } },
  { a: inherited },
  { a: { b: new Decimal('1.5') } },
  { a: { toStringTag: '[object Decimal]', b: 1 } },
  { 'q"uote': { 'back\\slash': 'ok' } },
  { a: Object.assign(Object.create(null), { b: 7 }) },
  { a: new Map([['b', 1]]) },
  { a: Object.assign(Object.create({ b: 'inherited' }), { c: 1 }) },
  { a: { constructor: 'own', toString: undefined } },
  { a: Object.setPrototypeOf([{ b: 1 }], Decimal.prototype) },
];
const paths = [
  ['a'],
  ['a', 'b'],
  ['a', 'b', 'c'],
  ['a', 'b', '0'],
  ['1', 'b'],
  ['0', 'b', '1'],
  ['a', '0', 'b'],
  ['a', 'b', 'd', 'e'],
  ['q"uote', 'back\\slash'],
  ['a', 'constructor'],
  ['a', 'toString'],
  ['a', 'hasOwnProperty'],
  ['a', '__proto__'],
  ['a', '007'],
];

describe('generated var walks', () => {
  it('walk as walkFrom walks, from every start', () => {
    for (const path of paths) {
      for (let start = 0; start < path.length; start++) {
        const walk = compileWalk(path, start);
        const lazy = lazyWalk(path, start);
        for (const d of data) {
          expect(walk(d)).toBe(walkFrom(d, path, start));
          expect(lazy(d)).toBe(walkFrom(d, path, start));
        }
      }
    }
  });
});
