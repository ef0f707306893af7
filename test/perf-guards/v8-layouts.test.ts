/**
 * Guards of the engine's fast layouts, asked of V8 itself (natives syntax): not behaviour, so not in
 * `npm test`. `npm run perf:guards` runs them, and so does `npm run bench` before it measures: a guard
 * that fails says a speed device no longer holds on this Node, before its figures say so.
 *   - a result with or without its trace stays a fast-mode object (engine/trace/trace-record.ts);
 *   - decimal.js's constructors are fast-mode objects and the engine's Decimals hold small-integer
 *     digit arrays like decimal.js's own (engine/decimal.ts);
 *   - the loader's Decimals do not pretenure the calculations' sums (engine/decimal.ts, keptDecimal).
 */
import DecimalBase from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Decimal, decimalOfNumber, dividedBy, minus, plus, times } from '../../engine/decimal.ts';
import { DEFAULT_LOAD_CACHE, loadEngine } from '../../engine/index.ts';
import { benchProfile } from '../../tools/bench/engine-bench.ts';
import { monthlyRequest } from '../../tools/bench/sample-requests.ts';
import { hasFastProperties, hasSmiElements, inYoungGeneration } from './v8-natives.ts';

describe('a traced result', () => {
  it('is a fast-mode object with and without its trace; a property redefined as an accessor is not', () => {
    const engine = loadEngine();
    const bench = benchProfile();
    expect(hasFastProperties(engine.calculate('monthly_payroll', monthlyRequest(2, true), bench))).toBe(true);
    expect(hasFastProperties(engine.calculate('monthly_payroll', monthlyRequest(2, false), bench))).toBe(true);
    // a data property redefined as an accessor (how the trace was put in before) makes a dictionary
    const redefined: Record<string, unknown> = { a: 1, calculation_trace: [], b: 2 };
    Object.defineProperty(redefined, 'calculation_trace', { get: () => [], enumerable: true, configurable: true });
    expect(hasFastProperties(redefined)).toBe(false);
  });
});

describe("decimal.js's constructors", () => {
  it('are fast-mode objects, so that instanceof Decimal and Decimal.precision hit the inline caches', () => {
    expect(hasFastProperties(Decimal)).toBe(true);
    expect(hasFastProperties(DecimalBase)).toBe(true);
    // a clone left as decimal.js makes it is a dictionary: what engine/decimal.ts turns its clone from
    expect(hasFastProperties(DecimalBase.clone({ precision: 50 }))).toBe(false);
  });

  it("meet the engine's Decimals with the same kind of digit array as their own (small integers)", () => {
    const words = (d: Decimal) => (d as unknown as { d: number[] }).d;
    expect(hasSmiElements(words(new Decimal(300_000)))).toBe(true);
    const rate = new Decimal('0.0495');
    const made = [
      plus(new Decimal(300_000), new Decimal(15_000)),
      minus(new Decimal(12_345_678_901), new Decimal(1)),
      times(new Decimal(300_000), rate),
      dividedBy(new Decimal(300_001), new Decimal('0.5')),
      decimalOfNumber(98_765_432_101_234),
    ];
    for (const d of made) expect(hasSmiElements(words(d)), d.toFixed()).toBe(true);
  });
});

describe('keptDecimal', () => {
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
