/**
 * The generic pieces the ages-decide-the-insurances rules need: month_end and add_days, and
 * fail_if's detail paths (a rule-level validation_error naming every field in disagreement).
 */
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../engine/errors.ts';
import { compileExpression } from '../../engine/logic/compile.ts';
import { errorOf, run } from './helpers.ts';

describe('month_end', () => {
  it('the last day of a YYYY-MM month or of the month of a YYYY-MM-DD date, leap years included', () => {
    expect(run({ month_end: { var: 'm' } }, { m: '2026-05' })).toBe('2026-05-31');
    expect(run({ month_end: { var: 'm' } }, { m: '2026-06-15' })).toBe('2026-06-30');
    expect(run({ month_end: { var: 'm' } }, { m: '2026-02' })).toBe('2026-02-28');
    expect(run({ month_end: { var: 'm' } }, { m: '2028-02' })).toBe('2028-02-29');
    expect(run({ month_end: { var: 'm' } }, { m: '2026-12' })).toBe('2026-12-31');
  });
  it('anything else is an error', () => {
    expect(errorOf(() => run({ month_end: { var: 'm' } }, { m: '2026-13' })).message).toMatch(/YYYY-MM month/);
    expect(errorOf(() => run({ month_end: { var: 'm' } }, { m: null })).message).toMatch(/got null/);
  });
});

describe('add_days', () => {
  it('moves a date by whole days across months and years, backwards too', () => {
    expect(run({ add_days: [{ var: 'd' }, -1] }, { d: '2026-06-01' })).toBe('2026-05-31');
    expect(run({ add_days: [{ var: 'd' }, 1] }, { d: '2026-12-31' })).toBe('2027-01-01');
    expect(run({ add_days: [{ var: 'd' }, -1] }, { d: '2028-03-01' })).toBe('2028-02-29');
  });
  it('a fractional day count or a non-date is an error', () => {
    expect(errorOf(() => run({ add_days: [{ var: 'd' }, 0.5] }, { d: '2026-06-01' })).message).toMatch(/whole number/);
    expect(errorOf(() => run({ add_days: [{ var: 'd' }, 1] }, { d: '2026-06' })).message).toMatch(/YYYY-MM-DD/);
  });
  it('with age_at: 75 attained on the birthday itself is the eve-counted age of the day before', () => {
    const ageCountingBirthday = { age_at: [{ var: 'b' }, { add_days: [{ month_end: { var: 'm' } }, -1] }] };
    expect(run(ageCountingBirthday, { b: '1951-06-01', m: '2026-05' })).toBe(74); // birthday in June
    expect(run(ageCountingBirthday, { b: '1951-05-31', m: '2026-05' })).toBe(75); // birthday on May's last day
    expect(run({ age_at: [{ var: 'b' }, { month_end: { var: 'm' } }] }, { b: '1951-06-01', m: '2026-05' })).toBe(75); // the eve is in May
  });
});

describe('fail_if with detail paths', () => {
  const expr = {
    fail_if: [
      { var: 'bad' },
      'validation_error',
      'a and b disagree',
      [
        ['employee_snapshot', 'a'],
        ['employee_snapshot', 'b'],
      ],
    ],
  };
  it('a failure carries one inconsistent_value detail per path, with the message', () => {
    expect(run(expr, { bad: false })).toBe(null);
    const e = errorOf(() => run(expr, { bad: true })) as EngineError;
    expect(e).toBeInstanceOf(EngineError);
    expect(e.code).toBe('validation_error');
    expect(e.details).toEqual([
      { path: ['employee_snapshot', 'a'], code: 'inconsistent_value', message: 'a and b disagree' },
      { path: ['employee_snapshot', 'b'], code: 'inconsistent_value', message: 'a and b disagree' },
    ]);
  });
  it('without paths there are no details, as before', () => {
    const e = errorOf(() => run({ fail_if: [true, 'negative_gross_payment', 'negative'] })) as EngineError;
    expect(e.details).toBeUndefined();
  });
  it('paths that are not a literal list of field paths are refused at load', () => {
    for (const paths of [[], 'employee_snapshot', [['Bad Name']], [[]], [[{ var: 'x' }]]])
      expect(errorOf(() => compileExpression({ fail_if: [true, 'validation_error', 'm', paths] }, 'w')).message).toMatch(/detail paths/);
  });
});
