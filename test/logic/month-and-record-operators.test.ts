/** The generic operators the standard monthly remuneration determination needed: add_months, year_of, month_of, record. */
import { describe, expect, it } from 'vitest';
import { addMonths } from '../../engine/logic/operators/calendar-months.ts';
import { run } from './helpers.ts';

describe('add_months', () => {
  it('moves across year ends both ways and pads the month', () => {
    expect(addMonths(2026, 4, 3)).toBe('2026-07');
    expect(addMonths(2026, 10, 3)).toBe('2027-01');
    expect(addMonths(2026, 12, 1)).toBe('2027-01');
    expect(addMonths(2026, 1, -1)).toBe('2025-12');
    expect(addMonths(2026, 9, 11)).toBe('2027-08');
    expect(addMonths(2026, 5, -24)).toBe('2024-05');
  });
  it('as an operator: takes YYYY-MM or YYYY-MM-DD; the day is ignored', () => {
    expect(run({ add_months: [{ var: 'm' }, 3] }, { m: '2026-04' })).toBe('2026-07');
    expect(run({ add_months: [{ var: 'd' }, -1] }, { d: '2026-01-31' })).toBe('2025-12');
    expect(run({ add_months: ['2026-11', { var: 'n' }] }, { n: 2 })).toBe('2027-01');
  });
  it('a fractional count, a malformed month or a non-string is an error', () => {
    expect(() => run({ add_months: ['2026-04', 1.5] })).toThrow(/whole number/);
    expect(() => run({ add_months: ['2026-13', 1] })).toThrow(/YYYY-MM/);
    expect(() => run({ add_months: ['2026-02-30', 1] })).toThrow(/YYYY-MM/);
    expect(() => run({ add_months: [{ var: 'x' }, 1] }, { x: null })).toThrow(/YYYY-MM/);
  });
});

describe('year_of and month_of', () => {
  it('the year and the month number of a month or a date', () => {
    expect(run({ year_of: '2026-07' })).toBe(2026);
    expect(run({ month_of: '2026-07' })).toBe(7);
    expect(run({ month_of: '2026-12-10' })).toBe(12);
    expect(run({ year_of: '2027-01-01' })).toBe(2027);
  });
  it('compose with arithmetic: the next August after a month in July-December', () => {
    const expr = { add_months: [{ cat: [{ '+': [{ year_of: { var: 'm' } }, 1] }, '-01'] }, 7] };
    expect(run(expr, { m: '2026-10' })).toBe('2027-08');
  });
  it('a value that is not a month is an error', () => {
    expect(() => run({ month_of: 'July' })).toThrow(/YYYY-MM/);
  });
});

describe('record', () => {
  it('builds an object of literal keys and evaluated values, in order', () => {
    expect(run({ record: ['month', { var: 'm' }, 'days', { '+': [{ var: 'd' }, 1] }] }, { m: '2026-05', d: 9 })).toEqual({
      month: '2026-05',
      days: 10,
    });
  });
  it('refuses an odd operand count, a computed key or a repeated key at compile time', () => {
    expect(() => run({ record: ['a', 1, 'b'] })).toThrow(/pairs/);
    expect(() => run({ record: [{ var: 'k' }, 1] })).toThrow(/literal field name/);
    expect(() => run({ record: ['a', 1, 'a', 2] })).toThrow(/twice/);
  });
});
