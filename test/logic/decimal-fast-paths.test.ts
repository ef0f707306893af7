/**
 * The engine's exact integer fast paths (engine/decimal.ts: plus, minus, compare, smallIntegerOf,
 * decimalOfNumber, toDecimal of a number, times, dividedBy) must give what decimal.js gives, down to the internal digits, sign and exponent:
 * checked over fixed edge values (zeros of both signs, word and 10^15 boundaries, fractions) and a
 * seeded spread of integers of every magnitude.
 */
import { describe, expect, it } from 'vitest';
import {
  compare,
  Decimal,
  decimalOfNumber,
  dividedBy,
  eq,
  gt,
  lt,
  minus,
  numberOf,
  plus,
  smallIntegerOf,
  times,
  toDecimal,
} from '../../engine/decimal.ts';

const rep = (d: Decimal) => {
  const x = d as unknown as { s: number; e: number; d: number[] | null };
  return [x.s, x.e, x.d];
};

const EDGES = [
  '0',
  '-0',
  '1',
  '-1',
  '9',
  '10',
  '9999999',
  '10000000',
  '10000001',
  '-10000000',
  '123456789',
  '999999999999999',
  '-999999999999999',
  '1000000000000000',
  '1e15',
  '5e14',
  '0.5',
  '-0.25',
  '123.456',
  '1e-7',
  '12345678901234567890',
  'NaN',
  'Infinity',
];

/** A seeded stream of numbers in [0, 1): the same values on every run. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/** Digit words, exponent, sign and own keys, as one string (a fast path that lays out a Decimal itself must match all four). */
const layoutKey = (d: Decimal) => JSON.stringify([...rep(d), Object.keys(d)]);

function seeded(n: number): string[] {
  const next = lcg(20261123);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const digits = Math.floor(next() * 17);
    const v = Math.floor((next() - 0.5) * 2 * 10 ** digits);
    out.push(String(v));
  }
  return out;
}

const VALUES = [...EDGES, ...seeded(400)].map((v) => new Decimal(v));

describe('exact integer fast paths', () => {
  it('plus and minus equal decimal.js, representation and own keys included', () => {
    // 180,000 pairs: compared as strings, expect() only on a difference (it is slow per call)
    for (const a of VALUES) {
      for (const b of VALUES) {
        const [p, q] = [layoutKey(plus(a, b)), layoutKey(a.plus(b))];
        if (p !== q) expect(`${a} + ${b}: ${p}`).toBe(`${a} + ${b}: ${q}`);
        const [m, n] = [layoutKey(minus(a, b)), layoutKey(a.minus(b))];
        if (m !== n) expect(`${a} - ${b}: ${m}`).toBe(`${a} - ${b}: ${n}`);
      }
    }
  });

  it('times equals decimal.js times, representation and own keys included', () => {
    // amounts times rates as the engine multiplies them, and every digit-word layout and sign around them
    const next = lcg(20261127);
    const fractions = Array.from({ length: 150 }, () => {
      const digits = 1 + Math.floor(next() * 16);
      const places = Math.floor(next() * 12);
      const v = new Decimal(String(Math.floor(next() * 10 ** digits))).div(new Decimal(10).pow(places));
      return next() < 0.3 ? v.neg() : v;
    });
    const rates = ['0.0495', '0.0985', '0.183', '0.00015', '0.5', '1.5', '-0.0001', '1234567.1234567', '0.000000123'].map(
      (v) => new Decimal(v),
    );
    const values = [...VALUES.slice(0, EDGES.length + 100), ...fractions, ...rates];
    let fast = 0;
    for (const a of values) {
      for (const b of values) {
        const [p, q] = [layoutKey(times(a, b)), layoutKey(a.times(b))];
        if (p !== q) expect(`${a} * ${b}: ${p}`).toBe(`${a} * ${b}: ${q}`);
        if (a.d?.length === 1 && b.d?.length === 1 && !a.isZero() && !b.isZero()) fast++;
      }
    }
    // the comparison covered the fast path (one-word operands, nearly all of them within 2^53)
    expect(fast).toBeGreaterThan(1000);
    const [amount, rate] = [new Decimal(300000), new Decimal('0.0495')];
    expect(times(amount, rate).toFixed()).toBe('14850');
    expect(times(rate, rate).toFixed()).toBe('0.00245025');
    expect(times(rate, rate) instanceof Decimal).toBe(true);
  });

  it('dividedBy equals decimal.js div, representation and own keys included', () => {
    // quotients that terminate (by 0.5, 2, 8, 0.125, 100 ...) and that do not (by 3, 7, 60, 173.8), of amounts, fractions and edges
    const next = lcg(20261128);
    const dividends = [
      ...VALUES.slice(0, EDGES.length + 150),
      ...Array.from({ length: 150 }, () =>
        new Decimal(String(Math.floor(next() * 10 ** (1 + Math.floor(next() * 15))))).div(10 ** Math.floor(next() * 8)),
      ),
    ];
    const divisors = [
      '0.5',
      '-0.5',
      '2',
      '4',
      '8',
      '0.25',
      '0.125',
      '1.6',
      '100',
      '1000',
      '3',
      '7',
      '12',
      '60',
      '173.8',
      '0.0495',
      '1e-9',
      '99999999999999',
      '1e15',
      'NaN',
    ].map((v) => new Decimal(v));
    let exact = 0;
    for (const a of dividends) {
      for (const b of divisors) {
        const [p, q] = [layoutKey(dividedBy(a, b)), layoutKey(a.div(b))];
        if (p !== q) expect(`${a} / ${b}: ${p}`).toBe(`${a} / ${b}: ${q}`);
        if (q.length < 80 && !a.isZero() && a.isFinite()) exact++;
      }
    }
    // many of the pairs take the fast path (a short, terminating quotient)
    expect(exact).toBeGreaterThan(2000);
    expect(dividedBy(new Decimal(17730), new Decimal('0.5')).toFixed()).toBe('35460');
    expect(dividedBy(new Decimal(250000), new Decimal('173.8')).toFixed()).toBe(new Decimal(250000).div('173.8').toFixed());
  });

  it('compare equals decimal.js cmp (NaN included)', () => {
    for (const a of VALUES) for (const b of VALUES) expect(compare(a, b)).toBe(a.cmp(b));
  });

  it('lt, gt and eq equal decimal.js lt, gt and eq (NaN included)', () => {
    for (const a of VALUES)
      for (const b of VALUES) expect([lt(a, b), gt(a, b), eq(a, b)], `${a} ${b}`).toEqual([a.lt(b), a.gt(b), a.eq(b)]);
  });

  it('smallIntegerOf is the number of an integer below 10^15 and undefined otherwise', () => {
    expect(smallIntegerOf(new Decimal('999999999999999'))).toBe(999999999999999);
    expect(Object.is(smallIntegerOf(new Decimal('-0')), -0)).toBe(true);
    expect(smallIntegerOf(new Decimal('1e15'))).toBeUndefined();
    expect(smallIntegerOf(new Decimal('0.5'))).toBeUndefined();
    expect(smallIntegerOf(new Decimal('NaN'))).toBeUndefined();
    for (const a of VALUES) {
      const n = smallIntegerOf(a);
      if (n !== undefined) expect(n).toBe(a.toNumber());
      expect(numberOf(a)).toBe(a.toNumber());
    }
  });

  it('toDecimal of a JS number is the Decimal of its shortest string form (integers are read without it)', () => {
    const spread = [0, -0, 1, -1, 9_999_999, 1e7, -12345678, 2 ** 53, 2 ** 53 + 2, 1e21, -1e22, 0.1, -2.5, 1e-7, 123.456];
    for (const v of spread) expect(rep(toDecimal(v)), String(v)).toEqual(rep(new Decimal(String(v))));
    expect(() => toDecimal(Number.POSITIVE_INFINITY)).toThrow('not a finite number');
  });

  it('decimalOfNumber equals toDecimal and the constructor, representation and own keys included', () => {
    for (const v of [0, -0, 1, -1, 1e7, 12345678, 2 ** 53, 0.1, -2.5, 1e21]) expect(rep(decimalOfNumber(v))).toEqual(rep(toDecimal(v)));
    // integers the engine lays out itself: every magnitude up to 2^53 - 1, both signs, runs of trailing zeros
    const next = lcg(20261128);
    const integers = [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 9_999_999, 10_000_000, 1e14, 1e15, 9e15, 100, -3_000_000];
    for (let i = 0; i < 3000; i++) {
      const v = Math.floor((next() - 0.5) * 2 * 10 ** Math.floor(next() * 13)) * 10 ** Math.floor(next() * 4);
      if (Number.isSafeInteger(v)) integers.push(v);
    }
    for (const v of integers) {
      const [p, q] = [layoutKey(decimalOfNumber(v)), layoutKey(new Decimal(v === 0 ? 0 : v))];
      if (p !== q) expect(`${v}: ${p}`).toBe(`${v}: ${q}`);
    }
    expect(integers.length).toBeGreaterThan(2900);
    expect(() => decimalOfNumber(Number.NaN)).toThrow('not a finite number');
  });
});
