/**
 * The quota month is the calendar month in Asia/Tokyo. server/app/quota/tokyo-month.ts reads it by shifting
 * the instant nine hours (JST has had no daylight saving since 1951); ICU's time-zone data, through
 * Intl.DateTimeFormat, is the independent answer it is held to: at every month boundary of two centuries
 * (the last millisecond before 00:00 JST on the 1st, and that instant) and at a seeded spread of instants.
 */
import { describe, expect, it } from 'vitest';
import { tokyoMonth, tokyoMonthEnd } from '../../server/app/quota/tokyo-month.ts';

const icu = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' });
const byIcu = (at: Date) => {
  const parts = Object.fromEntries(icu.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}`;
};

describe('tokyoMonth', () => {
  it('agrees with ICU on both sides of every month boundary from 1952 to 2151', () => {
    let checked = 0;
    for (let year = 1952; year <= 2151; year++) {
      for (let month = 1; month <= 12; month++) {
        // 00:00 JST on the 1st is 15:00 UTC on the day before
        const boundary = Date.UTC(year, month - 1, 1, 0, 0, 0) - 9 * 3600 * 1000;
        for (const ms of [boundary - 1, boundary, boundary + 1]) {
          expect(tokyoMonth(new Date(ms))).toBe(byIcu(new Date(ms)));
          checked++;
        }
      }
    }
    expect(checked).toBe(200 * 12 * 3);
    expect(tokyoMonth(new Date('2026-11-30T14:59:59.999Z'))).toBe('2026-11');
    expect(tokyoMonth(new Date('2026-11-30T15:00:00.000Z'))).toBe('2026-12');
  });

  it('agrees with ICU at a seeded spread of instants', () => {
    let seed = 20261127;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(1952, 0, 1);
    const to = Date.UTC(2150, 0, 1);
    for (let i = 0; i < 20_000; i++) {
      const at = new Date(from + Math.floor(next() * (to - from)));
      expect(tokyoMonth(at)).toBe(byIcu(at));
    }
  });

  it('refuses an invalid Date as ICU does', () => {
    expect(() => tokyoMonth(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => byIcu(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('the month ends at 00:00 JST on the 1st of the next', () => {
    expect(tokyoMonthEnd('2026-12')).toBe('2027-01-01T00:00:00+09:00');
    expect(tokyoMonthEnd('2026-01')).toBe('2026-02-01T00:00:00+09:00');
  });
});
