/**
 * Sample request bodies shown in openapi.json and docs/api.md: plain literals of no statute, read by
 * nothing at import. A test checks that each passes its own schema and cross-field rules, so the
 * documentation never shows a body the API rejects. The response and record examples are data: the
 * OpenAPI layer computes them from the loaded rule set when it builds the document
 * (server/app/openapi/examples/).
 */

const common = { company_id: 'acme-tokyo', calculation_date: '2026-05-20', payment_date: '2026-05-25' };

export const profilePutExample = {
  effective_from: '2025-04-01',
  social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
  employment_insurance_business_type: 'general',
  attendance_premium_rates: { overtime: '1.25', late_night_additional: '0.25', legal_holiday: '1.35', non_legal_holiday: '1.25' },
};

/** What PUT profilePutExample stores: the body with every default filled in and its identity. */
export const profileVersionExample = {
  company_id: 'acme-tokyo',
  profile_id: 'prof_4b1f0c3e-9d52-4b7e-a0a4-2f1d3c6e8a90',
  version: '2025-04-01.5d9b586409d0',
  effective_to: null,
  ...profilePutExample,
  income_tax_withholding_method: 'monthly_table',
  allow_withholding_rate_override: false,
  overtime_premium_rounding_method: 'none',
  overtime_premium_monthly_total_rounding: 'none',
  health_premium_rounding_scope: 'combined',
  social_insurance_collection: 'next_month',
};

const employee = {
  employee_ref: 'emp-0001',
  tax_dependent_count: 1,
  tax_table_type: 'kou',
  is_social_insurance_subject: true,
  is_employment_insurance_subject: true,
  standard_monthly_remuneration: 300000,
  care_insurance_subject: false,
};

export const employeeSnapshotExample = { ...employee, monthly_standard_working_hours: '160' };

export const monthlyPayrollRequestExample = {
  ...common,
  period: { payroll_month: '2026-05', start_date: '2026-05-01', end_date: '2026-05-31' },
  employee_snapshot: employeeSnapshotExample,
  pay_type: 'monthly',
  base_pay: 280000,
  attendance_input: { overtime_minutes: 600, late_night_minutes: 120 },
  allowances: [
    {
      code: 'commute',
      name: 'Commuting allowance',
      amount: 10000,
      taxable: false,
      social_insurance_included: true,
      employment_insurance_included: true,
    },
  ],
  custom_deductions: [{ code: 'union', name: 'Union fee', amount: 2000 }],
  resident_tax_amount: 15000,
};

export const bonusRequestExample = {
  ...common,
  calculation_date: '2026-06-25',
  payment_date: '2026-06-30',
  employee_snapshot: employee,
  bonus_gross_amount: 500000,
  bonus_items: [],
  custom_deductions: [],
  previous_month_taxable_payroll_amount: 300000,
  previous_month_social_insurance_amount: 44000,
  bonus_tax_context: { calculation_method: 'standard' },
  bonus_social_insurance_context: {
    health_insurance_standard_bonus_ytd_before_this_payment: 0,
    employees_pension_standard_bonus_same_month_before_this_payment: 0,
  },
};

export const socialInsuranceSimulationExample = {
  ...common,
  is_social_insurance_subject: true,
  standard_monthly_remuneration: 300000,
  care_insurance_subject: false,
};
export const employmentInsuranceSimulationExample = { ...common, is_employment_insurance_subject: true, subject_wage_total: 300000 };
export const incomeTaxSimulationExample = {
  ...common,
  taxable_payment: 300000,
  social_insurance_deduction_amount: 44000,
  tax_table_type: 'kou',
  tax_dependent_count: 0,
};
export const standardMonthlyRemunerationExample = { ...common, monthly_remuneration: 305000 };

/**
 * The NTA's own worked example of the 令和8年分 booklet (年末調整のしかた p.57-60: pay 8,970,000, withheld
 * 156,670, premiums 1,386,102): 年調年税額 41,400, refund 115,270. The birth dates are placed so that each
 * relative falls in the booklet's category at 31 December 2026 (一般 17, 特定扶養 21, 同居老親等 76 with a
 * disability, 特定親族 20 earning 1,000,000); the booklet gives categories, not dates.
 */
export const yearEndAdjustmentExample = {
  company_id: 'acme-tokyo',
  calculation_date: '2026-12-10',
  tax_year: 2026,
  employee: {
    employee_ref: 'e-001',
    birth_date: '1985-06-01',
    disability: 'none',
    widow: false,
    single_parent: false,
    working_student: false,
  },
  salary_payment_total: 8970000,
  income_tax_withheld_total: 156670,
  social_insurance_withheld_total: 1386102,
  declarations: {
    social_insurance_paid: 0,
    small_business_mutual_aid: 0,
    life_insurance: { new_general: 80000, old_general: 35000, new_care_medical: 80000, new_pension: 30000, old_pension: 90000 },
    earthquake_insurance: { earthquake: 42000, old_long_term: 14800 },
    housing_loan_credit: 76500,
    spouse: { birth_date: '1987-03-01', estimated_total_income: 500000, disability: 'none' },
    dependents: [
      { birth_date: '2009-08-10', estimated_total_income: 0, disability: 'none', cohabiting_lineal_ascendant: false },
      { birth_date: '2005-05-05', estimated_total_income: 0, disability: 'none', cohabiting_lineal_ascendant: false },
      { birth_date: '1950-02-01', estimated_total_income: 0, disability: 'general', cohabiting_lineal_ascendant: true },
      { birth_date: '2006-07-01', estimated_total_income: 1000000, disability: 'none', cohabiting_lineal_ascendant: false },
    ],
  },
};

/** A scheduled determination (定時決定) of 2026: the reference's worked example B01 (May under 17 days, left out). */
export const standardMonthlyRemunerationDeterminationExample = {
  company_id: 'acme-tokyo',
  calculation_date: '2026-07-10',
  determination: 'scheduled',
  worker_category: 'general',
  months: [
    { month: '2026-04', remuneration: 300000, payment_base_days: 20 },
    { month: '2026-05', remuneration: 100000, payment_base_days: 10 },
    { month: '2026-06', remuneration: 300000, payment_base_days: 20 },
  ],
  current_standard_monthly_remuneration: 280000,
};

/** 出生時育児休業 of 14 days with 12 planned hours at 8 a day (13 days counted), then 育児休業 to 12/20: the request. */
export const leavePremiumExemptionExample = {
  company_id: 'acme-tokyo',
  calculation_date: '2026-12-01',
  employee_snapshot: {
    employee_ref: 'e-001',
    is_social_insurance_subject: true,
    care_insurance_subject: false,
    standard_monthly_remuneration: 300000,
  },
  standard_monthly_remuneration_changes: [{ from_premium_month: '2026-09', standard_monthly_remuneration: 320000 }],
  leaves: [
    {
      leave_type: 'postnatal_paternity_leave',
      start_date: '2026-11-01',
      end_date: '2026-11-14',
      planned_work_hours: '12',
      scheduled_daily_working_hours: '8',
    },
    { leave_type: 'childcare_leave', start_date: '2026-11-15', end_date: '2026-12-20', no_work_days_since_previous: false },
  ],
  bonuses: [{ payment_date: '2026-11-25', bonus_gross_amount: 400000, health_insurance_standard_bonus_ytd: 0 }],
  premium_months: { from: '2026-10', to: '2027-01' },
};

/** The issue-43 request: 8,000,000 after 10 years 2 months, the NTA No.2732 計算例1 (withholding 91,890). */
export const retirementAllowanceExample = {
  company_id: 'acme-tokyo',
  calculation_date: '2026-03-25',
  payment_date: '2026-03-31',
  employee_ref: 'e-001',
  retirement_allowance: { amount: 8000000, specified_officer_portion: 0, is_dc_lump_sum: false, installments: [] },
  service_period: { start_date: '2016-01-01', end_date: '2026-02-28' },
  declaration: { submitted: true, disability_retirement: false, allowances_already_paid_this_year: [], previous_allowances: [] },
};
