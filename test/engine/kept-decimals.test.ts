/**
 * The loader's Decimals and the calculations' sums do not share an array literal (engine/decimal.ts,
 * keptDecimal): V8 pretenures a literal whose arrays outlive collections (allocation-site pretenuring),
 * and the words of every later sum were then made in the old space, at several times the cost
 * (docs/performance.md, twelfth round). Two engines loaded, as a reload does, then a million sums.
 */
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { Decimal, decimalOfNumber, keptDecimal, plus } from '../../engine/decimal.ts';
import { DEFAULT_LOAD_CACHE, loadEngine } from '../../engine/index.ts';

setFlagsFromString('--allow-natives-syntax');
// eslint-disable-next-line no-new-func -- natives syntax is compiled from source text, so only a Function can hold it
const inYoungGeneration = new Function('o', 'return %InYoungGeneration(o)') as (o: object) => boolean;

const layout = (d: Decimal) => {
  const x = d as unknown as { s: number; e: number; d: number[] | null };
  return JSON.stringify([x.s, x.e, x.d, Object.keys(d)]);
};

describe('keptDecimal', () => {
  it('is the Decimal toDecimal makes, representation and own keys included', () => {
    const values: unknown[] = [
      0,
      -0,
      1,
      -1,
      9,
      10,
      9_999_999,
      -9_999_999,
      10_000_000,
      123_456_789,
      2 ** 53,
      0.1,
      -2.5,
      '0.0998',
      '12',
      '-3',
    ];
    for (let v = -2000; v <= 2000; v += 7) values.push(v * 1013);
    for (const v of values) expect(layout(keptDecimal(v)), String(v)).toBe(layout(new Decimal(String(v))));
    expect(() => keptDecimal(Number.NaN)).toThrow('not a finite number');
  });

  it("leaves the words of a calculation's sums in the young generation after two engine loads", { timeout: 60_000 }, () => {
    loadEngine({ cacheFile: DEFAULT_LOAD_CACHE });
    loadEngine({ cacheFile: DEFAULT_LOAD_CACHE });
    const a = decimalOfNumber(12);
    const b = decimalOfNumber(30);
    for (let i = 0; i < 1_000_000; i++) plus(a, b);
    let young = 0;
    for (let i = 0; i < 1000; i++) if (inYoungGeneration((plus(a, b) as unknown as { d: number[] }).d)) young++;
    expect(young).toBe(1000);
  });
});
