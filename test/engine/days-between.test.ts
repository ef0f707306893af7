/**
 * daysBetween (engine/util/dates.ts), which the period check of every monthly request uses: whole days
 * between two ISO dates, as Date.parse's difference gives them, across month ends, leap days and years.
 */
import { describe, expect, it } from 'vitest';
import { daysBetween } from '../../engine/util/dates.ts';

const DATES = [
  '2024-02-28',
  '2024-02-29',
  '2024-03-01',
  '2025-02-28',
  '2025-03-01',
  '1999-12-31',
  '2000-01-01',
  '2026-05-01',
  '2026-05-31',
  '2100-02-28',
  '2100-03-01',
  '0001-01-01',
];

describe('daysBetween', () => {
  it('is the difference Date.parse gives, in days, for every pair', () => {
    for (const from of DATES)
      for (const to of DATES) expect(daysBetween(from, to), `${from} -> ${to}`).toBe((Date.parse(to) - Date.parse(from)) / 86_400_000);
  });

  it('counts a payroll period', () => {
    expect(daysBetween('2026-05-01', '2026-05-31')).toBe(30);
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(daysBetween('2025-12-25', '2026-01-24')).toBe(30);
  });
});
