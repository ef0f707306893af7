/**
 * Golden cases (test/golden/**.yaml) through the one runner: each case's expected amounts were worked
 * by hand from the official tables. Also checks that every formula code of the spec is produced by
 * some case.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../engine/index.ts';
import { loadGoldenCases, runGoldenCase } from '../tools/golden/runner.ts';
import { formatFailure } from '../tools/golden/report.ts';

const engine = loadEngine();
const cases = loadGoldenCases(join(import.meta.dirname, 'golden'));
const produced = new Set<string>();

describe('golden cases', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });
  it.each(cases.map((c) => [`${c.file} ${c.id}`, c] as const))('%s', (_name, c) => {
    const outcome = runGoldenCase(engine, c);
    outcome.formulaCodes.forEach((f) => produced.add(f));
    // the readable report of npm run golden, so a failure here says field, values, step and rule file
    expect(outcome.mismatches.length + outcome.problems.length, formatFailure(c, outcome)).toBe(0);
  });
});

// The formula codes of the spec's table: each must appear in the trace of at least one golden case.
const SPEC_FORMULA_CODES = [
  'social_insurance.monthly.employee_contribution.v1',
  'employment_insurance.employee_contribution.v1',
  'income_tax.monthly_bracket_lookup.v1',
  'masters.standard_monthly_remuneration.resolve.v1',
  'social_insurance.monthly.employees_pension_smr_clamp.v1',
  'income_tax.computer_special_salary_deduction.v1',
  'income_tax.computer_special_taxable_income.v1',
  'income_tax.computer_special_tax.v1',
  'pay_type.hourly.base_pay.v1',
  'pay_type.daily.base_pay.v1',
  'attendance.hourly_base.v1',
  'attendance.overtime_pay.v1',
  'attendance.late_early_leave_deduction.v1',
  'attendance.absence_deduction.v1',
  'attendance.premium_rounding.v1',
  'attendance.overtime_monthly_total_rounding.v1',
  'income_tax.bonus_table_lookup.v1',
];

afterAll(() => {
  // Runs after the cases above filled `produced`; a failure here fails the file.
  const missing = SPEC_FORMULA_CODES.filter((f) => !produced.has(f));
  expect(missing).toEqual([]);
});
