/**
 * The pairing of figures with their same-run references (tools/bench/ratios.ts): the turns alternate,
 * a ratio is the median of each run's own pair, and the ratio limits divide an absolute limit by a
 * reference. No timing is measured here.
 */
import { describe, expect, it } from 'vitest';
import { alternate, formatRatio, pairedMedians, pairedRatio, ratioLimit } from '../../tools/bench/ratios.ts';

describe('alternate', () => {
  it('runs the figure and its reference in turns, A B A B, each told its run', async () => {
    const order: string[] = [];
    const out = await alternate(
      3,
      (run) => (order.push(`A${run}`), run * 10),
      async (run) => (order.push(`B${run}`), run),
    );
    expect(order).toEqual(['A0', 'B0', 'A1', 'B1', 'A2', 'B2']);
    expect(out).toEqual({ a: [0, 10, 20], b: [0, 1, 2] });
  });
});

describe('pairedRatio', () => {
  it('is the median of each run over its own reference, not the ratio of the medians', () => {
    // a machine that slowed down 10x in the second run: both sides moved, the ratio did not
    const p = { figure: [100, 1_000, 110], reference: [20, 200, 10] };
    expect(pairedRatio(p)).toBe(5);
    expect(pairedMedians(p)).toEqual({ figure: 110, reference: 20, ratio: 5 });
  });

  it('takes the mean of the middle two for an even number of runs', () => {
    expect(pairedRatio({ figure: [3, 8], reference: [1, 2] })).toBe(3.5);
  });

  it('refuses figures without a reference each', () => {
    expect(() => pairedRatio({ figure: [1, 2], reference: [1] })).toThrow(/as many references as figures/);
    expect(() => pairedRatio({ figure: [], reference: [] })).toThrow(/as many references/);
  });
});

describe('formatRatio', () => {
  it('shows two decimals under 10, one under 100, none above', () => {
    expect(formatRatio(0.3449)).toBe('0.34x');
    expect(formatRatio(7.456)).toBe('7.46x');
    expect(formatRatio(10.94)).toBe('10.9x');
    expect(formatRatio(183.4)).toBe('183x');
    expect(formatRatio(Number.NaN)).toBe('-');
  });
});

describe('ratioLimit', () => {
  it('divides the absolute limit by the reference measured on the machine it was set on', () => {
    expect(ratioLimit(200, 25)).toBe(8);
    expect(ratioLimit(60_000, 200_000)).toBe(0.3);
  });

  it('refuses a reference that is not positive', () => {
    expect(() => ratioLimit(200, 0)).toThrow(/positive/);
    expect(() => ratioLimit(200, Number.NaN)).toThrow(/positive/);
  });
});
