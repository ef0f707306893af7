import { describe, expect, it } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import { getRounding, roundingNames, snap } from '../../engine/logic/rounding/index.ts';

const D = (v: string | number) => new Decimal(String(v));
function r(name: string, v: string | number | Decimal): string {
  const rule = getRounding(name);
  if (!rule) throw new Error(`no rule ${name}`);
  return rule.apply(v instanceof Decimal ? v : D(v)).toFixed();
}
const FIFTY = 'round_50_sen_or_less_down_over_50_sen_up_to_yen';

describe('rounding registry', () => {
  it('holds exactly the six names of the spec, each with name, description and apply', () => {
    expect(roundingNames()).toEqual([
      FIFTY,
      'floor_yen',
      'ceil_yen',
      'round_half_up_to_yen',
      'round_half_up_to_10_yen',
      'round_half_up_to_100_yen',
    ]);
    for (const n of roundingNames()) {
      const rule = getRounding(n)!;
      expect(rule.name).toBe(n);
      expect(rule.description.length).toBeGreaterThan(10);
      expect(typeof rule.apply).toBe('function');
    }
    expect(getRounding('round_half_even')).toBeUndefined();
  });
});

describe('round_50_sen_or_less_down_over_50_sen_up_to_yen', () => {
  it.each([
    ['2856.50', '2856'],
    ['2981.20', '2981'],
    ['1215.44', '1215'],
    ['1600.50', '1600'],
    ['1500.504', '1501'],
    ['1500.51', '1501'],
    ['1500.5000000001', '1501'],
    ['1500', '1500'],
    ['0.5', '0'],
    ['0.51', '1'],
    ['0', '0'],
    ['-0.5', '-1'],
    ['-0.49', '0'],
    ['-2.5', '-3'],
    ['-2.51', '-3'],
    ['-2.49', '-2'],
  ])('%s -> %s', (x, want) => {
    expect(r(FIFTY, x)).toBe(want);
  });
  it('the worked checks of decisions 3: S = 58,000 x 9.85% = 5,713 -> health 2,856.50 -> 2,856', () => {
    expect(r(FIFTY, D(58000).times('0.0985').div(2))).toBe('2856');
    expect(r(FIFTY, D(58000).times('0.04925'))).toBe('2856');
  });
  it('shift property r(x - n) = r(x) - n for integers n, including across zero', () => {
    const xs = [
      '0',
      '0.5',
      '0.49',
      '0.51',
      '0.25',
      '0.75',
      '0.999',
      '0.001',
      '12.5',
      '12.50000001',
      '3.3333333333333333333333',
      '7.1',
      '0.5000000000000000000001',
    ];
    const ns = [0, 1, 2, 3, 7, 13, 100, 12345, -1, -5, -100];
    for (const x of xs) {
      for (const n of ns) {
        const lhs = getRounding(FIFTY)!.apply(D(x).minus(n));
        const rhs = getRounding(FIFTY)!.apply(D(x)).minus(n);
        expect(lhs.toFixed(), `r(${x} - ${n})`).toBe(rhs.toFixed());
      }
    }
  });
  it('marginal lines add up to one rounding (combined scope relies on the shift property)', () => {
    // health = r(S h); care = r(S (h + c)) - health: the sum is r(S (h + c)) whatever the fractions
    const S = D(500000);
    const h = D('0.04925');
    const c = D('0.0081');
    const health = getRounding(FIFTY)!.apply(S.times(h));
    const combined = getRounding(FIFTY)!.apply(S.times(h.plus(c)));
    expect(health.plus(combined.minus(health)).toFixed()).toBe('28675');
  });
});

describe('floor / ceil / half up', () => {
  it.each([
    ['ceil_yen', '0.0001', '1'],
    ['ceil_yen', '100', '100'],
    ['ceil_yen', '100.000001', '101'],
    ['ceil_yen', '-1.5', '-1'],
    ['floor_yen', '99.9999', '99'],
    ['floor_yen', '99', '99'],
    ['floor_yen', '135297.2', '135297'],
    ['floor_yen', '-0.1', '-1'],
    ['round_half_up_to_yen', '2.5', '3'],
    ['round_half_up_to_yen', '2.4999', '2'],
    ['round_half_up_to_yen', '-2.5', '-3'],
    ['round_half_up_to_10_yen', '4465', '4470'],
    ['round_half_up_to_10_yen', '4464.99', '4460'],
    ['round_half_up_to_10_yen', '4460', '4460'],
    ['round_half_up_to_10_yen', '-4465', '-4470'],
    ['round_half_up_to_100_yen', '12350', '12400'],
    ['round_half_up_to_100_yen', '12349', '12300'],
    ['round_half_up_to_100_yen', '12349.999', '12300'],
    ['round_half_up_to_100_yen', '49.99', '0'],
    ['round_half_up_to_100_yen', '50', '100'],
  ])('%s(%s) = %s', (name, x, want) => {
    expect(r(name, x)).toBe(want);
  });
});

describe('snap to 20 places before rounding', () => {
  it('250000 / 173.8 x 2607 / 60 at precision 50 is not exactly 62,500, but every rule gives 62,500', () => {
    const hourly = D(250000).div('173.8');
    const a = hourly.times(2607).div(60);
    expect(a.eq(62500)).toBe(false); // the carried value is off in the far digits
    expect(a.minus(62500).abs().lt('1e-40')).toBe(true);
    for (const n of ['ceil_yen', 'floor_yen', FIFTY, 'round_half_up_to_yen']) expect(r(n, a)).toBe('62500');
    expect(r('round_half_up_to_100_yen', a)).toBe('62500');
    // the order-of-operations variant that lands on the other side
    const b = hourly.times(D(2607).div(60));
    for (const n of ['ceil_yen', 'floor_yen']) expect(r(n, b)).toBe('62500');
  });
  it('unsnapped ceil would have gained a yen (what the snap protects against)', () => {
    const x = D(62500).plus('1e-35');
    expect(x.toDecimalPlaces(0, Decimal.ROUND_CEIL).toFixed()).toBe('62501');
    expect(r('ceil_yen', x)).toBe('62500');
    const y = D(62500).minus('1e-35');
    expect(r('floor_yen', y)).toBe('62500');
  });
  it('snap keeps 20 places, half-even', () => {
    expect(snap(D('1.123456789012345678905')).toFixed()).toBe('1.1234567890123456789');
    expect(snap(D('1.123456789012345678915')).toFixed()).toBe('1.12345678901234567892');
    expect(snap(D('0.00000000000000000001')).toFixed()).toBe('0.00000000000000000001');
    // a real fraction just above an integer at the 20th place still rounds up
    expect(r('ceil_yen', '5.00000000000000000001')).toBe('6');
  });
  it('rounding never mutates its input', () => {
    const x = D('10.7');
    getRounding('floor_yen')!.apply(x);
    expect(x.toFixed()).toBe('10.7');
  });
});

/**
 * The integer fast path (snap.ts): an integer below 10^15 is returned itself by snap and by the four
 * to-yen rules. Every rule must still give what the decimal.js chain gives (snap to 20 places half-even,
 * then toDecimalPlaces), down to sign, exponent and digit words, for integers on both sides of the fast
 * path's bounds, zeros of both signs, and fractions.
 */
describe('the integer fast path gives the decimal.js chain’s answer', () => {
  const rep = (d: Decimal) => {
    const x = d as unknown as { s: number; e: number; d: number[] | null };
    return JSON.stringify([x.s, x.e, x.d]);
  };
  const slow: Record<string, (d: Decimal) => Decimal> = {
    [FIFTY]: (d) => d.toDecimalPlaces(20, Decimal.ROUND_HALF_EVEN).toDecimalPlaces(0, Decimal.ROUND_HALF_FLOOR),
    floor_yen: (d) => d.toDecimalPlaces(20, Decimal.ROUND_HALF_EVEN).toDecimalPlaces(0, Decimal.ROUND_FLOOR),
    ceil_yen: (d) => d.toDecimalPlaces(20, Decimal.ROUND_HALF_EVEN).toDecimalPlaces(0, Decimal.ROUND_CEIL),
    round_half_up_to_yen: (d) => d.toDecimalPlaces(20, Decimal.ROUND_HALF_EVEN).toDecimalPlaces(0, Decimal.ROUND_HALF_UP),
    round_half_up_to_10_yen: (d) =>
      d.toDecimalPlaces(20, Decimal.ROUND_HALF_EVEN).div(10).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(10),
    round_half_up_to_100_yen: (d) =>
      d.toDecimalPlaces(20, Decimal.ROUND_HALF_EVEN).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(100),
  };
  let seed = 20261127;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const values = [
    '0',
    '-0',
    '1',
    '-1',
    '9999999',
    '10000000',
    '-10000001',
    '999999999999999',
    '-999999999999999',
    '1000000000000000',
    '-1000000000000000',
    '12345678901234567890',
    '14850',
    '2856.5',
    '-2856.5',
    '0.5',
    '-0.49',
    '62499.999999999999999999999999999997',
    ...Array.from({ length: 300 }, () => String(Math.floor((next() - 0.5) * 2 * 10 ** Math.floor(next() * 17)))),
    ...Array.from({ length: 100 }, () => ((next() - 0.5) * 2e6).toFixed(Math.floor(next() * 4))),
  ].map((v) => new Decimal(v));

  it('snap', () => {
    const wrong = values.filter((d) => rep(snap(d)) !== rep(d.toDecimalPlaces(20, Decimal.ROUND_HALF_EVEN)));
    expect(wrong.map(String)).toEqual([]);
  });

  it.each(roundingNames())('%s', (name) => {
    const rule = getRounding(name)!;
    const wrong = values.filter((d) => rep(rule.apply(d)) !== rep(slow[name](d)));
    expect(wrong.map(String)).toEqual([]);
  });

  it('an integer below 10^15 is returned itself; a fraction or a larger integer is a new Decimal', () => {
    const yen = new Decimal(14850);
    expect(getRounding('floor_yen')!.apply(yen)).toBe(yen);
    expect(snap(yen)).toBe(yen);
    const fraction = new Decimal('14850.5');
    expect(getRounding('floor_yen')!.apply(fraction)).not.toBe(fraction);
    const large = new Decimal('1000000000000000');
    expect(snap(large)).not.toBe(large);
  });
});
