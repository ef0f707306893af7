/**
 * isoTimestampOf (engine/util/dates.ts), the engine's own ISO 8601 stamp of a result's millisecond, must
 * write what toISOString writes: checked at the calendar's edges (leap days, centuries, the first and last
 * four-digit years, the epoch) and over a seeded spread of instants from 0000 to 9999; outside the
 * four-digit years, for fractions and for NaN it answers undefined (the caller then asks toISOString).
 */
import { describe, expect, it } from 'vitest';
import { isoTimestampOf } from '../../engine/util/dates.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('isoTimestampOf', () => {
  it('writes what toISOString writes at the edges of the calendar', () => {
    const edges = [
      '0000-01-01T00:00:00.000Z',
      '0000-02-29T12:00:00.000Z',
      '0000-03-01T00:00:00.000Z',
      '0001-01-01T00:00:00.000Z',
      '1582-10-15T00:00:00.000Z',
      '1899-12-31T23:59:59.999Z',
      '1900-02-28T23:59:59.999Z',
      '1900-03-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '1970-01-01T00:00:00.001Z',
      '2000-02-29T00:00:00.000Z',
      '2000-03-01T00:00:00.000Z',
      '2024-02-29T23:59:59.999Z',
      '2026-11-27T12:34:56.789Z',
      '2100-02-28T00:00:00.000Z',
      '2100-03-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ];
    for (const e of edges) expect(isoTimestampOf(Date.parse(e))).toBe(e);
  });

  it('writes what toISOString writes over 200,000 seeded instants of every four-digit year', () => {
    const [first, last] = [Date.parse('0000-01-01T00:00:00.000Z'), Date.parse('9999-12-31T23:59:59.999Z')];
    let s = 20261127;
    const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
    let compared = 0;
    for (let i = 0; i < 200_000; i++) {
      // half over the whole range, half within a few years of now (where the engine stamps)
      const ms = i % 2 ? Math.floor(first + next() * (last - first)) : Math.floor(1.6e12 + next() * 2e11);
      const [mine, theirs] = [isoTimestampOf(ms), iso(ms)];
      if (mine !== theirs) expect(`${ms}: ${mine}`).toBe(`${ms}: ${theirs}`);
      compared++;
    }
    expect(compared).toBe(200_000);
  });

  it('answers undefined outside the four-digit years, for fractions and for NaN', () => {
    expect(isoTimestampOf(Date.parse('0000-01-01T00:00:00.000Z') - 1)).toBeUndefined();
    expect(isoTimestampOf(Date.parse('9999-12-31T23:59:59.999Z') + 1)).toBeUndefined();
    expect(iso(Date.parse('9999-12-31T23:59:59.999Z') + 1)).toBe('+010000-01-01T00:00:00.000Z');
    expect(isoTimestampOf(0.5)).toBeUndefined();
    expect(isoTimestampOf(Number.NaN)).toBeUndefined();
  });
});
