import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMasters } from '../../engine/loading/masters/load.ts';
import { MASTERS_DIR, masters } from './helpers.ts';

// Version files of a table, oldest first: counts and "the newest" follow the data, so adding a correct
// version (a new fiscal year) keeps these tests green; the dated facts below are history and stay true.
const versionsOf = (dir: string) =>
  readdirSync(join(MASTERS_DIR, dir))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.replace('.yaml', ''))
    .sort();
const newest = (dir: string) => versionsOf(dir).at(-1);

describe('real masters', () => {
  it('pass every check with zero problems', () => {
    expect(checkMasters(MASTERS_DIR)).toEqual([]);
  });

  it('hold every statutory kind', () => {
    const m = masters();
    for (const kind of [
      'income_tax_monthly_table',
      'income_tax_bonus_table',
      'income_tax_computer_special',
      'social_insurance_rate_table',
      'health_insurance_grade_table',
      'employees_pension_rate_table',
      'employment_insurance_rate_table',
    ] as const)
      expect(m.all(kind).length, kind).toBeGreaterThan(0);
    expect(m.all('social_insurance_rate_table')).toHaveLength(47 * versionsOf('social_insurance/kyokai_rates').length);
    expect(m.all('employment_insurance_rate_table')).toHaveLength(3 * versionsOf('employment_insurance').length);
  });

  it('copy the envelope onto every record', () => {
    const r = masters().resolve('social_insurance_rate_table', 'kyokai-13', '2026-05-01')!;
    expect(r).toMatchObject({
      id: 'kyokai-13',
      version: '2026-04',
      effective_from: '2026-04-01',
      effective_date_basis: 'premium_month',
      provider: '全国健康保険協会 (Japan Health Insurance Association)',
      source_artifact_id: 'kyokai-r8ippan3',
      file: 'social_insurance/kyokai_rates/2026-04.yaml',
    });
    expect(r.sources.map((s) => s.artifact_id)).toEqual(['kyokai-r8ippan3', 'cfa-kodomo-kosodate-shienkin-2026']);
    expect(typeof r.effective_from).toBe('string');
    // open-ended while it is the newest version; closed the day before its successor otherwise
    if (newest('social_insurance/kyokai_rates') === '2026-04') expect(r.effective_to).toBeNull();
    else expect(r.effective_to! > '2026-05-01').toBe(true);
  });

  it('list all() sorted by id then effective_from', () => {
    const all = masters().all('employment_insurance_rate_table');
    const keys = all.map((r) => `${r.id}@${r.effective_from}`);
    expect(keys).toEqual([...keys].sort());
    expect(keys.slice(0, 3)).toEqual([
      'ei-agriculture_forestry_fisheries_sake@2024-04-01',
      'ei-agriculture_forestry_fisheries_sake@2025-04-01',
      'ei-agriculture_forestry_fisheries_sake@2026-04-01',
    ]);
    expect(new Set(all.map((r) => r.id))).toEqual(new Set(['ei-general', 'ei-agriculture_forestry_fisheries_sake', 'ei-construction']));
  });
});

describe('resolve() by date', () => {
  const v = (kind: Parameters<ReturnType<typeof masters>['resolve']>[0], id: string, date: string) =>
    masters().resolve(kind, id, date)?.version;

  it('kyokai: 2026-02-28 is FY2025, 2026-03-01 FY2026 without support, 2026-04-01 with support', () => {
    const m = masters();
    expect(v('social_insurance_rate_table', 'kyokai-13', '2026-02-28')).toBe('2025-03');
    expect(m.resolve('social_insurance_rate_table', 'kyokai-13', '2026-02-28')!.health_insurance_employee_rate.toString()).toBe('0.04955');
    expect(v('social_insurance_rate_table', 'kyokai-13', '2026-03-01')).toBe('2026-03');
    expect(m.resolve('social_insurance_rate_table', 'kyokai-13', '2026-03-01')!.health_insurance_employee_rate.toString()).toBe('0.04925');
    expect(m.resolve('social_insurance_rate_table', 'kyokai-13', '2026-03-31')!.childcare_support_contribution_employee_rate).toBeNull();
    expect(v('social_insurance_rate_table', 'kyokai-13', '2026-04-01')).toBe('2026-04');
    expect(
      m.resolve('social_insurance_rate_table', 'kyokai-13', '2026-04-01')!.childcare_support_contribution_employee_rate!.toString(),
    ).toBe('0.00115');
    expect(v('social_insurance_rate_table', 'kyokai-13', '2099-12-31')).toBe(newest('social_insurance/kyokai_rates'));
  });

  it('income tax: 2025-12-31 is the 令和2〜7年分 table, 2026-01-01 令和8年分, 2027-01-01 令和9年分', () => {
    expect(v('income_tax_monthly_table', 'nta-withholding-monthly', '2025-12-31')).toBe('2020-01');
    expect(v('income_tax_monthly_table', 'nta-withholding-monthly', '2026-01-01')).toBe('2026-01');
    expect(v('income_tax_monthly_table', 'nta-withholding-monthly', '2026-12-31')).toBe('2026-01');
    expect(v('income_tax_monthly_table', 'nta-withholding-monthly', '2027-01-01')).toBe('2027-01');
    expect(v('income_tax_bonus_table', 'nta-withholding-bonus', '2025-12-31')).toBe('2020-01');
    expect(v('income_tax_bonus_table', 'nta-withholding-bonus', '2026-01-01')).toBe('2026-01');
    expect(v('income_tax_computer_special', 'nta-computer-special', '2026-01-01')).toBe('2026-01');
    expect(v('income_tax_computer_special', 'nta-computer-special', '2025-12-31')).toBe('2020-01');
  });

  it('2027 bonus resolves to the not_imported version, never to 2026', () => {
    const b = masters().resolve('income_tax_bonus_table', 'nta-withholding-bonus', '2027-06-10')!;
    expect(b.version).toBe('2027-01');
    expect(b.status).toBe('not_imported');
    expect(b.kou).toBeNull();
    expect(b.otsu).toBeNull();
    expect(b.missing_reason).toMatch(/令和9年分/);
  });

  it('pension: 2027-08-31 max 650,000, 2027-09-01 max 680,000, then 710,000 and 750,000', () => {
    const top = (date: string) => {
      const t = masters().resolve('employees_pension_rate_table', 'employees-pension', date)!;
      return `${t.version}:${t.grades[t.grades.length - 1].standard_monthly_remuneration}`;
    };
    expect(top('2027-08-31')).toBe('2020-09:650000');
    expect(top('2027-09-01')).toBe('2027-09:680000');
    expect(top('2028-08-31')).toBe('2027-09:680000');
    expect(top('2028-09-01')).toBe('2028-09:710000');
    expect(top('2029-09-01')).toBe('2029-09:750000');
  });

  it('employment insurance: fiscal years, the newest open-ended', () => {
    const rate = (date: string) => masters().resolve('employment_insurance_rate_table', 'ei-general', date)?.employee_rate.toString();
    expect(rate('2025-03-31')).toBe('0.006');
    expect(rate('2025-04-01')).toBe('0.0055');
    expect(rate('2026-03-31')).toBe('0.0055');
    expect(rate('2026-04-01')).toBe('0.005');
    expect(masters().resolve('employment_insurance_rate_table', 'ei-general', '2099-12-31')?.version).toBe(newest('employment_insurance'));
  });

  it('is undefined before the first version and for unknown ids', () => {
    expect(v('income_tax_monthly_table', 'nta-withholding-monthly', '2019-12-31')).toBeUndefined();
    expect(v('social_insurance_rate_table', 'kyokai-13', '2025-02-28')).toBeUndefined();
    expect(v('employees_pension_rate_table', 'employees-pension', '2020-08-31')).toBeUndefined();
    expect(v('employment_insurance_rate_table', 'ei-general', '2024-03-31')).toBeUndefined();
    expect(v('health_insurance_grade_table', 'health-insurance-grades', '2025-02-28')).toBeUndefined();
    expect(v('social_insurance_rate_table', 'kyokai-48', '2026-05-01')).toBeUndefined();
    expect(v('income_tax_monthly_table', 'no-such-table', '2026-05-01')).toBeUndefined();
  });
});
