/**
 * The generic operators the leave premium exemption rules are written with: days_between,
 * add_months_to_date, month_range, merge_intervals, sum_by's key form and the named item of
 * map_each / filter_each. Values worked by hand from the calendar.
 */
import { describe, expect, it } from 'vitest';
import { variablesOf } from '../../engine/logic/variables.ts';
import { errorOf, run } from './helpers.ts';

describe('days_between', () => {
  it('whole days from one date to another, across month and leap-year ends, negative backwards', () => {
    expect(run({ days_between: ['2026-11-05', '2026-11-19'] })).toBe(14);
    expect(run({ days_between: ['2028-02-28', '2028-03-01'] })).toBe(2);
    expect(run({ days_between: ['2026-12-31', '2026-12-01'] })).toBe(-30);
  });
  it('a non-date is an error', () => {
    expect(errorOf(() => run({ days_between: ['2026-11', '2026-11-19'] })).message).toMatch(/two YYYY-MM-DD dates/);
  });
});

describe('add_months_to_date', () => {
  it("the same day n months later, or that month's last day when it has none", () => {
    expect(run({ add_months_to_date: ['2026-12-15', 1] })).toBe('2027-01-15');
    expect(run({ add_months_to_date: ['2027-01-31', 1] })).toBe('2027-02-28');
    expect(run({ add_months_to_date: ['2028-01-31', 1] })).toBe('2028-02-29');
    expect(run({ add_months_to_date: ['2026-10-31', 1] })).toBe('2026-11-30');
    expect(run({ add_months_to_date: ['2026-03-31', -1] })).toBe('2026-02-28');
    expect(run({ add_months_to_date: ['2026-12-01', 0] })).toBe('2026-12-01');
  });
  it('a month without a day or a fractional count is an error', () => {
    expect(errorOf(() => run({ add_months_to_date: ['2026-12', 1] })).message).toMatch(/YYYY-MM-DD date/);
    expect(errorOf(() => run({ add_months_to_date: ['2026-12-01', 0.5] })).message).toMatch(/whole number/);
  });
});

describe('month_range', () => {
  it('the months from the first to the last, both included, across a year end; empty when reversed', () => {
    expect(run({ month_range: ['2026-11', '2027-02'] })).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(run({ month_range: ['2026-11-30', '2026-11-01'] })).toEqual(['2026-11']);
    expect(run({ month_range: ['2026-11', '2026-10'] })).toEqual([]);
  });
});

describe('merge_intervals', () => {
  const l = (start_date: string, end_date: string, joined = false) => ({ start_date, end_date, joined });
  it('joins an interval starting the day after the previous ends, or flagged as joined; keeps a gap apart', () => {
    const runs = run(
      { merge_intervals: [{ var: 'x' }, 'joined'] },
      {
        x: [
          l('2026-11-01', '2026-11-14'),
          l('2026-11-15', '2026-12-20'),
          l('2026-12-23', '2026-12-25', true),
          l('2027-01-10', '2027-01-12'),
        ],
      },
    ) as { start_date: string; end_date: string; members: unknown[] }[];
    expect(runs.map((r) => [r.start_date, r.end_date, r.members.length])).toEqual([
      ['2026-11-01', '2026-12-25', 3],
      ['2027-01-10', '2027-01-12', 1],
    ]);
  });
  it('without a join field only adjacent or overlapping intervals join', () => {
    const runs = run({ merge_intervals: [{ var: 'x' }] }, { x: [l('2026-11-01', '2026-11-10'), l('2026-11-12', '2026-11-20', true)] });
    expect((runs as unknown[]).length).toBe(2);
    expect(run({ merge_intervals: [{ var: 'x' }] }, { x: null })).toEqual([]);
  });
  it('items out of start order or ending before they start are an error', () => {
    expect(errorOf(() => run({ merge_intervals: [{ var: 'x' }] }, { x: [l('2026-11-05', '2026-11-04')] })).message).toMatch(
      /start_date <= end_date/,
    );
    expect(
      errorOf(() => run({ merge_intervals: [{ var: 'x' }] }, { x: [l('2026-11-05', '2026-11-06'), l('2026-11-01', '2026-11-02')] }))
        .message,
    ).toMatch(/start order/);
  });
});

describe('sum_by with a key', () => {
  it('sums the items whose key field equals the key', () => {
    const x = [
      { month: '2026-11', days: 6 },
      { month: '2026-12', days: 3 },
      { month: '2026-11', days: 10 },
    ];
    expect(run({ sum_by: [{ var: 'x' }, 'days', 'month', '2026-11'] }, { x })).toBe(16);
    expect(run({ sum_by: [{ var: 'x' }, 'days', 'month', '2027-01'] }, { x })).toBe(0);
  });
});

describe('map_each / filter_each with a named item', () => {
  it('an inner filter_each still sees the outer item under its name', () => {
    const expr = {
      map_each: [
        { var: 'months' },
        { count: { filter_each: [{ var: 'leaves' }, { '==': [{ var: 'item.month' }, { var: 'month' }] }] } },
        'month',
      ],
    };
    expect(run(expr, { months: ['2026-11', '2026-12'], leaves: [{ month: '2026-11' }, { month: '2026-11' }] })).toEqual([2, 0]);
    expect(variablesOf(expr)).toEqual(['months', 'leaves']);
  });
  it('the name must be a literal', () => {
    expect(errorOf(() => run({ map_each: [[], 1, { var: 'x' }] })).message).toMatch(/literal name/);
  });
});
