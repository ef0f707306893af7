/**
 * The derived types match the schemas: documented examples type-check (tsc, `npm run typecheck`) and a
 * few spot checks hold at compile time. At run time this only confirms the examples exist.
 */
import { describe, expect, it } from 'vitest';
import type {
  BonusRequest,
  CalculationProfilePutBody,
  MonthlyPayrollRequest,
  MonthlyPayrollResult,
} from '../../server/app/schemas/types.ts';
import * as ex from '../../engine/contract/examples.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(_: T) => {};

describe('types derived from the schemas', () => {
  it('accept the documented examples and carry the right field types', () => {
    const monthly: MonthlyPayrollRequest = ex.monthlyPayrollRequestExample as MonthlyPayrollRequest;
    const bonus: BonusRequest = {
      company_id: 'acme-tokyo',
      calculation_date: '2026-06-25',
      payment_date: '2026-06-30',
      employee_snapshot: {
        employee_ref: 'e1',
        tax_dependent_count: 0,
        tax_table_type: 'kou',
        is_social_insurance_subject: true,
        is_employment_insurance_subject: true,
        standard_monthly_remuneration: 300000,
        care_insurance_subject: false,
      },
      bonus_gross_amount: 500000,
      previous_month_taxable_payroll_amount: 300000,
      previous_month_social_insurance_amount: 44000,
      bonus_tax_context: { calculation_method: 'no_previous_month_payroll' },
      bonus_social_insurance_context: {
        health_insurance_standard_bonus_ytd_before_this_payment: 0,
        employees_pension_standard_bonus_same_month_before_this_payment: 0,
      },
    };
    const profile: CalculationProfilePutBody = {
      effective_from: '2025-04-01',
      social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
      employment_insurance_business_type: 'general',
    };
    assertType<Equal<MonthlyPayrollRequest['pay_type'], 'monthly' | 'hourly' | 'daily' | undefined>>(true);
    assertType<Equal<MonthlyPayrollRequest['company_id'], string>>(true);
    assertType<Equal<MonthlyPayrollResult['amounts']['net_payment'], number>>(true);
    assertType<Equal<CalculationProfilePutBody['social_insurance'] extends infer S ? (S extends null ? null : never) : never, null>>(true);
    expect([monthly.company_id, bonus.bonus_gross_amount, profile.effective_from]).toEqual(['acme-tokyo', 500000, '2025-04-01']);
  });
});
