/**
 * The loader's Decimals and the calculations' sums do not share an array literal (engine/decimal.ts,
 * keptDecimal): V8 pretenures a literal whose arrays outlive collections (allocation-site pretenuring),
 * and the words of every later sum were then made in the old space, at several times the cost
 * (the young-generation guard is test/perf-guards). Here: the same Decimal as toDecimal's.
 */
import { describe, expect, it } from 'vitest';
import { Decimal, keptDecimal } from '../../engine/decimal.ts';

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
});
