/** Every loaded insurance value equals the published extraction (verbatim copies in test/fixtures/statutory). */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import { masters } from './helpers.ts';
import { csv, pct, yaml } from './statutory-fixtures.ts';

const rateAt = (code: string, date: string) => masters().resolve('social_insurance_rate_table', `kyokai-${code}`, date)!;

describe('kyokai rates (kyokai_kenpo_health_rates.csv, nationwide_rates.yaml)', () => {
  const rows = csv('social_insurance/kyokai_kenpo_health_rates.csv');
  const nationwide = yaml('social_insurance/nationwide_rates.yaml');
  const care = (fy: number) => nationwide.care_insurance.history.find((h: { fiscal_year: number }) => h.fiscal_year === fy);
  const support = pct(nationwide.child_support_contribution.employee_pct);

  it.each([
    { version: '2025-03', fy: '2025', date: '2025-03-01', withSupport: false },
    { version: '2026-03', fy: '2026', date: '2026-03-01', withSupport: false },
    { version: '2026-04', fy: '2026', date: '2026-04-01', withSupport: true },
  ])('version $version: every prefecture equals FY$fy, employee half', ({ version, fy, date, withSupport }) => {
    const fyRows = rows.filter((r) => r.fiscal_year === fy);
    expect(fyRows).toHaveLength(47);
    for (const r of fyRows) {
      const got = rateAt(r.jis_code, date);
      expect(got.version).toBe(version);
      expect([got.prefecture_code, got.prefecture_name, got.prefecture_name_ja]).toEqual([r.jis_code, r.prefecture_en, r.prefecture_ja]);
      expect(got.health_insurance_employee_rate.eq(pct(r.health_employee_pct)), r.prefecture_en).toBe(true);
      expect(got.health_insurance_employee_rate.eq(pct(r.health_rate_pct).div(2)), r.prefecture_en).toBe(true);
      expect(got.care_insurance_employee_rate.eq(pct(care(Number(fy)).employee_pct))).toBe(true);
      expect(got.care_insurance_employee_rate.eq(pct(r.care_rate_pct).div(2))).toBe(true);
      if (withSupport) expect(got.childcare_support_contribution_employee_rate!.eq(support)).toBe(true);
      else expect(got.childcare_support_contribution_employee_rate).toBeNull();
      expect(got.health_insurance_standard_bonus_annual_cap.toString()).toBe(
        String(nationwide.health_insurance_common.standard_bonus_cap_per_fiscal_year),
      );
    }
  });

  it('spot values are the published employee halves as exact fraction strings', () => {
    expect(rateAt('13', '2026-04-01').health_insurance_employee_rate.toString()).toBe('0.04925'); // Tokyo FY2026 9.85 %
    expect(rateAt('13', '2025-03-01').health_insurance_employee_rate.toString()).toBe('0.04955'); // Tokyo FY2025 9.91 %
    expect(rateAt('01', '2026-04-01').health_insurance_employee_rate.toString()).toBe('0.0514'); // Hokkaido FY2026 10.28 %
    expect(rateAt('01', '2025-03-01').health_insurance_employee_rate.toString()).toBe('0.05155'); // Hokkaido FY2025 10.31 %
    expect(rateAt('41', '2026-04-01').health_insurance_employee_rate.toString()).toBe('0.05275'); // Saga FY2026 10.55 % (max)
    expect(rateAt('15', '2026-04-01').health_insurance_employee_rate.toString()).toBe('0.04605'); // Niigata FY2026 9.21 % (min)
    expect(rateAt('13', '2026-04-01').care_insurance_employee_rate.toString()).toBe('0.0081');
    expect(rateAt('13', '2025-03-01').care_insurance_employee_rate.toString()).toBe('0.00795');
    expect(rateAt('13', '2026-04-01').childcare_support_contribution_employee_rate!.toString()).toBe('0.00115');
    expect(rateAt('13', '2026-04-01').health_insurance_standard_bonus_annual_cap.toString()).toBe('5730000');
  });

  it('reproduces the official premium examples (Tokyo FY2026 grade 20: 12,805; health+care grade 30: 28,675)', () => {
    const t = rateAt('13', '2026-04-01');
    expect(new Decimal(260000).mul(t.health_insurance_employee_rate).toString()).toBe('12805');
    expect(new Decimal(500000).mul(t.health_insurance_employee_rate.plus(t.care_insurance_employee_rate)).toString()).toBe('28675');
    expect(new Decimal(260000).mul(t.childcare_support_contribution_employee_rate!).toString()).toBe('299');
  });
});

describe('grade tables (standard_monthly_remuneration_grades.csv, pension_cap_schedule.csv)', () => {
  const rows = csv('social_insurance/standard_monthly_remuneration_grades.csv');
  const schedule = csv('social_insurance/pension_cap_schedule.csv');
  const show = (g: { grade: number; standard_monthly_remuneration: Decimal; from: Decimal; to: Decimal | null; bounds_status: string }) =>
    [g.grade, g.standard_monthly_remuneration.toString(), g.from.toString(), g.to === null ? '' : g.to.toString(), g.bounds_status].join(
      ',',
    );

  it('health: all 50 grades, confirmed', () => {
    const t = masters().resolve('health_insurance_grade_table', 'health-insurance-grades', '2026-04-01')!;
    expect(t.grades.map(show)).toEqual(
      rows.map((r) =>
        [r.health_grade, r.standard_monthly_remuneration, r.health_remuneration_from, r.health_remuneration_to, 'confirmed'].join(','),
      ),
    );
  });

  const pensionRows = rows.filter((r) => r.pension_grade);
  it('pension 2020-09: the 32 grades, confirmed, 9.15 % employee, bonus cap 1,500,000', () => {
    const t = masters().resolve('employees_pension_rate_table', 'employees-pension', '2026-04-01')!;
    expect(t.version).toBe('2020-09');
    expect(t.grades.map(show)).toEqual(
      pensionRows.map((r) =>
        [r.pension_grade, r.standard_monthly_remuneration, r.pension_remuneration_from, r.pension_remuneration_to, 'confirmed'].join(','),
      ),
    );
    expect(t.employees_pension_insurance_employee_rate.toString()).toBe('0.0915');
    expect(t.employees_pension_insurance_employee_rate.eq(pct('18.3').div(2))).toBe(true);
    expect(t.employees_pension_standard_bonus_monthly_cap.toString()).toBe('1500000');
  });

  it.each(schedule.slice(1))('pension from $effective_from_premium_month: confirmed maximum, inferred new bounds marked', (s) => {
    const t = masters().resolve('employees_pension_rate_table', 'employees-pension', `${s.effective_from_premium_month}-01`)!;
    expect(t.version).toBe(s.effective_from_premium_month);
    const top = t.grades[t.grades.length - 1];
    expect(top.standard_monthly_remuneration.toString()).toBe(s.pension_max_standard_monthly_remuneration);
    expect(String(top.grade)).toBe(s.pension_grade_count);
    expect(top.from.toString()).toBe(s.top_grade_remuneration_from);
    expect(s.grade_count_and_bounds_status).toMatch(/INFERRED/);
    // grades 1-31 stay as published; grade 32 (its `to` changed) and every new grade are inferred
    expect(t.grades.slice(0, 31).map(show)).toEqual(
      pensionRows
        .slice(0, 31)
        .map((r) =>
          [r.pension_grade, r.standard_monthly_remuneration, r.pension_remuneration_from, r.pension_remuneration_to, 'confirmed'].join(','),
        ),
    );
    expect(t.grades.slice(31).every((g) => g.bounds_status === 'inferred')).toBe(true);
    // the inferred bounds copy the health-insurance bounds for the same amounts
    for (const g of t.grades.slice(32)) {
      const health = rows.find((r) => r.standard_monthly_remuneration === g.standard_monthly_remuneration.toString())!;
      expect(g.from.toString()).toBe(health.health_remuneration_from);
    }
  });
});

describe('employment insurance (employment_insurance_rates.csv)', () => {
  const rows = csv('social_insurance/employment_insurance_rates.csv');
  const apiName = (t: string) => (t === 'agriculture_forestry_fishery_sake' ? 'agriculture_forestry_fisheries_sake' : t);
  it.each(rows)('FY$fiscal_year $business_type: worker $worker_rate_per_mille / 1000', (r) => {
    const t = masters().resolve('employment_insurance_rate_table', `ei-${apiName(r.business_type)}`, r.effective_from)!;
    expect(t.business_type).toBe(apiName(r.business_type));
    expect(t.effective_from).toBe(r.effective_from);
    // the newest version stays open-ended until its successor is imported; an older one ends with its fiscal year
    const newest = masters()
      .all('employment_insurance_rate_table')
      .filter((x) => x.id === t.id)
      .at(-1)!;
    expect(t.effective_to).toBe(newest.version === t.version ? null : r.effective_to);
    expect(t.employee_rate.eq(new Decimal(r.worker_rate_per_mille).div(1000))).toBe(true);
    expect(t.employee_rate.eq(new Decimal(r.worker_rate))).toBe(true);
  });
  it('FY2026 general is "0.005", FY2025 "0.0055"', () => {
    expect(masters().resolve('employment_insurance_rate_table', 'ei-general', '2026-04-01')!.employee_rate.toString()).toBe('0.005');
    expect(masters().resolve('employment_insurance_rate_table', 'ei-general', '2025-04-01')!.employee_rate.toString()).toBe('0.0055');
  });
});
