/**
 * The requests the benchmark (and the batch tests) compute: one company profile and one request of each
 * calculation type, as an API client would send them; monthly requests vary the pay per index so a
 * generated file is not one line repeated.
 */
import type { CalculationType, ProfilePutBody } from '../../engine/index.ts';

export const BENCH_COMPANY = 'bench';

export const BENCH_PROFILE_PUT: ProfilePutBody = {
  effective_from: '2025-01-01',
  social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
  employment_insurance_business_type: 'general',
  attendance_premium_rates: { overtime: '1.25', late_night_additional: '0.25', legal_holiday: '1.35', non_legal_holiday: '1.25' },
} as ProfilePutBody;

const common = { company_id: BENCH_COMPANY, calculation_date: '2026-05-20', payment_date: '2026-05-25' };
const period = { payroll_month: '2026-05', start_date: '2026-05-01', end_date: '2026-05-31' };

function employee(i: number) {
  return {
    employee_ref: `e-${i}`,
    tax_dependent_count: i % 4,
    tax_table_type: 'kou',
    is_social_insurance_subject: true,
    is_employment_insurance_subject: true,
    standard_monthly_remuneration: 360_000,
    care_insurance_subject: i % 3 === 0,
    monthly_standard_working_hours: '160',
  };
}

/** A salaried monthly payroll; `i` varies pay, dependents and care insurance. */
export function monthlyRequest(i: number, trace: boolean): Record<string, unknown> {
  return {
    ...common,
    period,
    employee_snapshot: employee(i),
    base_pay: 300_000 + (i % 100) * 1_000,
    allowances: [
      {
        code: 'commute',
        name: 'Commuting',
        amount: 15_000,
        taxable: false,
        social_insurance_included: true,
        employment_insurance_included: true,
      },
    ],
    calculation_options: { include_calculation_trace: trace },
  };
}

export function attendanceRequest(): Record<string, unknown> {
  return {
    ...common,
    period,
    employee_snapshot: employee(1),
    base_pay: 350_000,
    attendance_input: {
      overtime_minutes: 1_230,
      late_night_minutes: 120,
      legal_holiday_minutes: 480,
      non_legal_holiday_minutes: 240,
      absence_minutes: 60,
    },
  };
}

export function bonusRequest(): Record<string, unknown> {
  return {
    ...common,
    employee_snapshot: employee(2),
    bonus_gross_amount: 800_000,
    previous_month_taxable_payroll_amount: 350_000,
    previous_month_social_insurance_amount: 52_000,
    bonus_social_insurance_context: {
      health_insurance_standard_bonus_ytd_before_this_payment: 0,
      employees_pension_standard_bonus_same_month_before_this_payment: 0,
    },
  };
}

export const SIMULATION_REQUESTS: [string, CalculationType, Record<string, unknown>][] = [
  [
    'social insurance simulation',
    'social_insurance_simulation',
    { ...common, is_social_insurance_subject: true, standard_monthly_remuneration: 360_000, care_insurance_subject: true },
  ],
  [
    'employment insurance simulation',
    'employment_insurance_simulation',
    { ...common, is_employment_insurance_subject: true, subject_wage_total: 380_000 },
  ],
  [
    'income tax simulation',
    'income_tax_simulation',
    { ...common, taxable_payment: 1_250_000, social_insurance_deduction_amount: 150_000, tax_table_type: 'kou', tax_dependent_count: 1 },
  ],
  ['grade lookup', 'standard_monthly_remuneration_resolution', { ...common, monthly_remuneration: 432_100 }],
];

/** One batch input line (type + request) of a monthly payroll. */
export function monthlyBatchLine(i: number, trace: boolean): string {
  return JSON.stringify({ type: 'monthly_payroll', request: monthlyRequest(i, trace) });
}

/** A year-end adjustment of a household with a spouse, four dependants and every kind of declaration. */
export function yearEndRequest(): Record<string, unknown> {
  return {
    company_id: BENCH_COMPANY,
    calculation_date: '2026-12-10',
    tax_year: 2026,
    employee: { employee_ref: 'e-1', birth_date: '1985-06-01' },
    salary_payment_total: 8_970_000,
    income_tax_withheld_total: 156_670,
    social_insurance_withheld_total: 1_386_102,
    declarations: {
      life_insurance: { new_general: 80_000, old_general: 35_000, new_care_medical: 80_000, new_pension: 30_000, old_pension: 90_000 },
      earthquake_insurance: { earthquake: 42_000, old_long_term: 14_800 },
      housing_loan_credit: 76_500,
      spouse: { birth_date: '1987-03-01', estimated_total_income: 500_000 },
      dependents: [
        { birth_date: '2009-08-10', estimated_total_income: 0 },
        { birth_date: '2005-05-05', estimated_total_income: 0 },
        { birth_date: '1950-02-01', estimated_total_income: 0, disability: 'general', cohabiting_lineal_ascendant: true },
        { birth_date: '2006-07-01', estimated_total_income: 1_000_000 },
      ],
    },
  };
}
