/**
 * period_years and period_end: whole years of a period by the calendar (民法第143条), a part of a year
 * counted up or dropped. Expected values worked by hand from the calendar: the retirement reference's
 * examples (10年2か月 -> 11, 19年1日 -> 20, 1 day -> 1) and the 29 February ends.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, run } from './helpers.ts';

const years = (start: string, end: string, rounding: string) =>
  Number(run({ period_years: [{ var: 's' }, { var: 'e' }, rounding] }, { s: start, e: end }));

describe('period_years', () => {
  it('a whole number of years is that number either way', () => {
    expect(years('2016-01-01', '2016-12-31', 'up')).toBe(1);
    expect(years('2016-01-01', '2016-12-31', 'down')).toBe(1);
    expect(years('2000-04-01', '2024-03-31', 'up')).toBe(24);
    expect(years('2020-04-01', '2022-03-31', 'down')).toBe(2);
  });
  it('a part of a year: up counts it as a year, down drops it', () => {
    expect(years('2016-01-01', '2026-02-28', 'up')).toBe(11); // 10 years 2 months
    expect(years('2016-01-01', '2026-02-28', 'down')).toBe(10);
    expect(years('2007-01-01', '2026-01-01', 'up')).toBe(20); // 19 years and 1 day
    expect(years('2007-01-01', '2025-12-31', 'up')).toBe(19); // exactly 19 years
    expect(years('2016-01-01', '2026-12-30', 'up')).toBe(11); // a day short of 11 years
    expect(years('2018-01-01', '2023-03-31', 'down')).toBe(5); // 5 years 3 months
  });
  it('one day is a part of a year; an end before the start is an empty period', () => {
    expect(years('2026-03-31', '2026-03-31', 'up')).toBe(1);
    expect(years('2026-03-31', '2026-03-31', 'down')).toBe(0);
    expect(years('2026-04-01', '2026-03-31', 'up')).toBe(0);
    expect(years('2026-05-01', '2026-03-31', 'up')).toBe(0);
  });
  it('from 29 February a year ends on 28 February of a common year', () => {
    expect(years('2016-02-29', '2017-02-28', 'up')).toBe(1);
    expect(years('2016-02-29', '2017-02-27', 'up')).toBe(1);
    expect(years('2016-02-29', '2017-02-27', 'down')).toBe(0);
    expect(years('2016-02-29', '2017-03-01', 'up')).toBe(2);
  });
  it('anything else is an error', () => {
    expect(errorOf(() => years('2016-01-01', '2026-02-28', 'half')).message).toMatch(/up or down/);
    expect(errorOf(() => years('2016-01', '2026-02-28', 'up')).message).toMatch(/YYYY-MM-DD/);
  });
});

describe('period_end', () => {
  const end = (start: string, n: number) => run({ period_end: [{ var: 's' }, { var: 'n' }] }, { s: start, n });
  it('the day before the anniversary; 0 years the day before start', () => {
    expect(end('2015-01-01', 3)).toBe('2017-12-31');
    expect(end('2020-04-01', 2)).toBe('2022-03-31');
    expect(end('2026-03-01', 0)).toBe('2026-02-28');
  });
  it('from 29 February to a common year: the last day of February', () => {
    expect(end('2016-02-29', 1)).toBe('2017-02-28');
    expect(end('2016-02-29', 4)).toBe('2020-02-28');
  });
  it('a fractional or negative count is an error', () => {
    expect(errorOf(() => end('2016-01-01', 1.5)).message).toMatch(/whole years/);
    expect(errorOf(() => end('2016-01-01', -1)).message).toMatch(/whole years/);
  });
});
