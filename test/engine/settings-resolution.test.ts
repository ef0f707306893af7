/**
 * Settings resolution: which version of each table a payment date selects (income tax and employment
 * insurance by payment date; social insurance, pension and grades by premium month), the six versions
 * of settings_snapshot, settings_lock and settings_not_resolved.
 */
import { describe, expect, it } from 'vitest';
import { EngineError, loadEngine } from '../../engine/index.ts';
import { loadMasters } from '../../engine/loading/masters/load.ts';
import { loadRules } from '../../engine/loading/rules/load.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import type { ProfilePutBody } from '../../engine/loading/profile/types.ts';
import { checkSettingsLock, resolveSettings } from '../../engine/calculating/settings/resolve.ts';
import { join } from 'node:path';

const masters = loadMasters(join(import.meta.dirname, '../../masters'));
const pipelines = loadRules(join(import.meta.dirname, '../../rules')).rules.pipelines;
/** The premium-month offsets and master slots the live pipeline declares (rules/pipelines/<type>.yaml). */
const pipeline = (type: string) => pipelines.get(type)!;
const put = (body: Partial<ProfilePutBody>) =>
  applyProfilePut(
    [],
    {
      effective_from: '2024-01-01',
      social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '27' },
      employment_insurance_business_type: 'construction',
      ...body,
    },
    { company_id: 'osaka', profile_id: 'p-osaka' },
  ).versions;

describe('resolveSettings', () => {
  const nextMonth = put({});
  it('monthly payroll under next_month: April pay uses the March premium month (FY2026 association rates)', () => {
    const s = resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, nextMonth, '2026-04-24');
    expect(s.premium_month).toBe('2026-03-01');
    expect(s.snapshot).toMatchObject({
      tax_table_version: '2026-01',
      social_insurance_rate_version: '2026-03',
      employees_pension_rate_version: '2020-09',
      employment_insurance_rate_version: '2026-04',
      rounding_rule_version: '2020-01',
      overtime_premium_rounding_method: 'none',
    });
    expect(s.refs.social_insurance_rate).toMatchObject({ type: 'social_insurance_rate_table', id: 'kyokai-27', version: '2026-03' });
  });

  it('March pay under next_month still uses FY2025 rates; under same_month it uses FY2026', () => {
    expect(
      resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, nextMonth, '2026-03-25').snapshot
        .social_insurance_rate_version,
    ).toBe('2025-03');
    const sameMonth = put({ social_insurance_collection: 'same_month' });
    expect(
      resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, sameMonth, '2026-03-25').snapshot
        .social_insurance_rate_version,
    ).toBe('2026-03');
  });

  it('a bonus uses the payment month as its premium month', () => {
    expect(resolveSettings('bonus', pipeline('bonus'), masters, nextMonth, '2026-04-10').snapshot.social_insurance_rate_version).toBe(
      '2026-04',
    );
  });

  it('employment insurance and income tax switch on the payment date', () => {
    const before = resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, nextMonth, '2026-03-31').snapshot;
    const after = resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, nextMonth, '2026-04-01').snapshot;
    expect([before.employment_insurance_rate_version, after.employment_insurance_rate_version]).toEqual(['2025-04', '2026-04']);
    expect(
      resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, nextMonth, '2025-12-31').snapshot.tax_table_version,
    ).toBe('2020-01');
    expect(
      resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, nextMonth, '2027-01-01').snapshot.tax_table_version,
    ).toBe('2027-01');
  });

  it('the pension maximum 680,000 applies from the September 2027 premium month (October pay)', () => {
    expect(
      resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, nextMonth, '2027-09-25').snapshot
        .employees_pension_rate_version,
    ).toBe('2020-09');
    expect(
      resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, nextMonth, '2027-10-25').snapshot
        .employees_pension_rate_version,
    ).toBe('2027-09');
  });

  it('a custom-rate company reports its own profile version as the social insurance rate version', () => {
    const custom = put({
      social_insurance: {
        health_insurance_provider: 'custom',
        custom_rates: {
          health_insurance_employee_rate: '0.045',
          care_insurance_employee_rate: '0.008',
          childcare_support_contribution_employee_rate: null,
          health_insurance_standard_bonus_annual_cap: 5_730_000,
        },
      },
    });
    const s = resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, custom, '2026-05-25');
    expect(s.snapshot.social_insurance_rate_version).toBe(custom[0].version);
    expect(s.snapshot.employees_pension_rate_version).toBe('2020-09');
  });

  it('names what is missing: no profile, no social insurance, no table for the premium month', () => {
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as EngineError;
      }
      throw new Error('expected an error');
    };
    expect(err(() => resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, nextMonth, '2023-12-31'))).toMatchObject({
      code: 'settings_not_resolved',
      message: expect.stringContaining('company calculation profile'),
    });
    expect(
      err(() => resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, put({ social_insurance: null }), '2026-05-25'))
        .message,
    ).toContain('no social insurance');
    expect(err(() => resolveSettings('monthly_payroll', pipeline('monthly_payroll'), masters, nextMonth, '2025-03-25')).message).toContain(
      'premium month 2025-02',
    );
  });
});

describe('settings_lock', () => {
  const snapshot = {
    company_profile_version: 'p1',
    tax_table_version: '2026-01',
    social_insurance_rate_version: '2026-04',
    employees_pension_rate_version: '2020-09',
    employment_insurance_rate_version: '2026-04',
    rounding_rule_version: '2020-01',
  };
  it('passes when all six match and names every field that differs', () => {
    expect(() => checkSettingsLock({ ...snapshot }, snapshot)).not.toThrow();
    expect(() => checkSettingsLock({ ...snapshot, tax_table_version: '2020-01', rounding_rule_version: 'x' }, snapshot)).toThrow(
      /tax_table_version: locked "2020-01", resolved "2026-01".*rounding_rule_version/,
    );
  });

  it('a calculation with a stale lock gets settings_lock_conflict', () => {
    const engine = loadEngine();
    const req = {
      company_id: 'osaka',
      calculation_date: '2026-05-01',
      payment_date: '2026-05-01',
      is_employment_insurance_subject: true,
      subject_wage_total: 100_000,
      settings_lock: { ...snapshot, company_profile_version: put({})[0].version, social_insurance_rate_version: '2026-03' },
    };
    expect(() => engine.calculate('employment_insurance_simulation', req, put({})).toResult()).toThrow(
      expect.objectContaining({ code: 'settings_lock_conflict' }),
    );
  });
});

describe('trace defaults', () => {
  const engine = loadEngine();
  const versions = put({});
  const base = { company_id: 'osaka', calculation_date: '2026-05-01', payment_date: '2026-05-25' };
  it('the grade lookup leaves the trace out unless asked; other calculations include it', () => {
    expect(
      engine.calculate('standard_monthly_remuneration_resolution', { ...base, monthly_remuneration: 300_000 }, versions).toResult()
        .calculation_trace,
    ).toEqual([]);
    const asked = engine
      .calculate(
        'standard_monthly_remuneration_resolution',
        { ...base, monthly_remuneration: 300_000, calculation_options: { include_calculation_trace: true } },
        versions,
      )
      .toResult().calculation_trace;
    expect(asked.map((s) => s.step)).toEqual(['settings_resolution', 'standard_monthly_remuneration_resolution']);
    const ei = engine
      .calculate('employment_insurance_simulation', { ...base, is_employment_insurance_subject: true, subject_wage_total: 1 }, versions)
      .toResult();
    expect(ei.calculation_trace.map((s) => s.step)).toEqual(['settings_resolution', 'employment_insurance']);
  });

  it('the grade table is read only by the grade lookup (it is not one of the six versions)', () => {
    const s = resolveSettings(
      'employment_insurance_simulation',
      pipeline('employment_insurance_simulation'),
      masters,
      versions,
      '2026-05-25',
    );
    expect(s.masters.health_grades).toBeUndefined();
    expect(
      resolveSettings(
        'standard_monthly_remuneration_resolution',
        pipeline('standard_monthly_remuneration_resolution'),
        masters,
        versions,
        '2026-05-25',
      ).refs.health_grades,
    ).toMatchObject({
      type: 'standard_monthly_remuneration_grade_table',
      id: 'health-insurance-grades',
      version: '2025-03',
    });
  });
});

describe('grade lookup dates', () => {
  const engine = loadEngine();
  const versions = put({});
  const lookup = (payment_date: string, monthly_remuneration: number) =>
    engine
      .calculate(
        'standard_monthly_remuneration_resolution',
        { company_id: 'osaka', calculation_date: payment_date, payment_date, monthly_remuneration },
        versions,
      )
      .toResult();
  it('uses the grade tables in force on the payment date (the 680,000 pension maximum from 2027-09-01)', () => {
    const before = lookup('2027-08-31', 700_000);
    const after = lookup('2027-09-01', 700_000);
    expect(before.settings_snapshot.employees_pension_rate_version).toBe('2020-09');
    expect(before.amounts).toMatchObject({
      employees_pension_insurance_grade: 32,
      employees_pension_standard_monthly_remuneration: 650_000,
    });
    expect(after.settings_snapshot.employees_pension_rate_version).toBe('2027-09');
    expect(after.amounts).toMatchObject({
      employees_pension_insurance_grade: 33,
      employees_pension_standard_monthly_remuneration: 680_000,
      health_insurance_grade: 37,
      health_insurance_standard_monthly_remuneration: 710_000,
    });
  });

  it('records both ranges in the trace, with to null for the open top range', () => {
    const r = engine
      .calculate(
        'standard_monthly_remuneration_resolution',
        {
          company_id: 'osaka',
          calculation_date: '2026-05-25',
          payment_date: '2026-05-25',
          monthly_remuneration: 2_000_000,
          calculation_options: { include_calculation_trace: true },
        },
        versions,
      )
      .toResult();
    const step = r.calculation_trace[1] as { inputs: Record<string, Record<string, unknown>>; rounding_rule: unknown };
    expect(step.rounding_rule).toBeNull();
    expect(step.inputs.health).toMatchObject({ grade: 50, standard_monthly_remuneration: 1_390_000, from: 1_355_000, to: null });
    expect(step.inputs.pension).toMatchObject({ grade: 32, standard_monthly_remuneration: 650_000, from: 635_000, to: null });
  });
});
