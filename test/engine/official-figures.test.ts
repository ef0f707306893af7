/**
 * The official premium figures of the statutory data (rounding_and_calculation.md section 5 and
 * decisions.md section 3), reproduced through the engine's own rules and masters.
 */
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';

const engine = loadEngine();
const tokyo = applyProfilePut(
  [],
  {
    effective_from: '2025-01-01',
    social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
    employment_insurance_business_type: 'general',
  },
  { company_id: 'tokyo', profile_id: 'p-tokyo' },
).versions;
const tokyoPerItem = applyProfilePut(
  [],
  {
    effective_from: '2025-01-01',
    social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
    employment_insurance_business_type: 'general',
    health_premium_rounding_scope: 'per_item',
  },
  { company_id: 'tokyo-per-item', profile_id: 'p-tokyo-2' },
).versions;

// May 2026 pay under next-month collection = April 2026 premium month: FY2026 rates with childcare support.
const dates = { company_id: 'tokyo', calculation_date: '2026-05-25', payment_date: '2026-05-25' };

function si(smr: number, care: boolean, versions = tokyo, payment = dates) {
  return engine.calculate(
    'social_insurance_simulation',
    { ...payment, is_social_insurance_subject: true, standard_monthly_remuneration: smr, care_insurance_subject: care },
    versions,
  ).amounts as Record<string, number>;
}

describe('official premium figures (Tokyo, FY2026)', () => {
  it('health insurance at 260,000 is 12,805 and pension 23,790', () => {
    const a = si(260_000, false);
    expect(a.health_insurance).toBe(12_805);
    expect(a.employees_pension_insurance).toBe(23_790);
  });

  it('childcare support at 260,000 is 299', () => {
    expect(si(260_000, false, tokyoPerItem).childcare_support_contribution).toBe(299);
  });

  it('health plus care at 500,000 is 28,675', () => {
    const a = si(500_000, true);
    expect(a.health_insurance + a.care_insurance).toBe(28_675);
  });

  it('58,000 x 4.925% = 2,856.5 rounds down to 2,856 (exactly 50 sen)', () => {
    expect(si(58_000, false).health_insurance).toBe(2_856);
  });

  it('employment insurance on 243,088 at 5/1000 is 1,215', () => {
    const r = engine
      .calculate('employment_insurance_simulation', { ...dates, is_employment_insurance_subject: true, subject_wage_total: 243_088 }, tokyo)
      .toResult();
    expect(r.amounts.employment_insurance).toBe(1_215);
    expect(r.settings_snapshot.employment_insurance_rate_version).toBe('2026-04');
  });

  it('a standard bonus of 102,000 gives health + support 5,141 combined and 5,140 per item', () => {
    const bonus = (versions: typeof tokyo) =>
      engine.calculate(
        'bonus',
        {
          ...dates,
          employee_snapshot: {
            employee_ref: 'e',
            tax_dependent_count: 0,
            tax_table_type: 'kou',
            is_social_insurance_subject: true,
            is_employment_insurance_subject: true,
            standard_monthly_remuneration: 260_000,
            care_insurance_subject: false,
          },
          bonus_gross_amount: 102_000,
          previous_month_taxable_payroll_amount: 300_000,
          previous_month_social_insurance_amount: 45_000,
          bonus_social_insurance_context: {
            health_insurance_standard_bonus_ytd_before_this_payment: 0,
            employees_pension_standard_bonus_same_month_before_this_payment: 0,
          },
        },
        versions,
      ).amounts as { statutory_deductions: Record<string, number> };
    const combined = bonus(tokyo).statutory_deductions;
    const perItem = bonus(tokyoPerItem).statutory_deductions;
    expect(combined.health_insurance + combined.childcare_support_contribution).toBe(5_141);
    expect(perItem.health_insurance + perItem.childcare_support_contribution).toBe(5_140);
  });
});
