/**
 * Sample bodies shown in openapi.json and docs/api.md. A test checks that each request example passes
 * its own schema and cross-field rules, so the documentation never shows a body the API rejects.
 * Response examples are the engine's real output for these requests (ids and timestamps aside);
 * they are documentation, not golden cases.
 */
import { RULES_MASTERS_HASH_EXAMPLE } from './common.ts';
import { employmentRateRecordExample, pensionRateRecordExample, ruleDocumentExample, socialRateRecordExample } from '../masters/examples.ts';

/** The employment insurance rate record the examples' trace step cites (general business, 2026-04). */
const EI_GENERAL = employmentRateRecordExample();
/** The rule that step runs, as written in rules/ (its statute, formula and dates are the rule's). */
const EI_RULE_FILE = 'rules/employment_insurance/employment_insurance.employee_contribution.v1.yaml';
const EI_RULE = ruleDocumentExample(EI_RULE_FILE);

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
  allowances: [{ code: 'commute', name: 'Commuting allowance', amount: 10000, taxable: false, social_insurance_included: true, employment_insurance_included: true }],
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
  bonus_social_insurance_context: { health_insurance_standard_bonus_ytd_before_this_payment: 0, employees_pension_standard_bonus_same_month_before_this_payment: 0 },
};

export const socialInsuranceSimulationExample = { ...common, is_social_insurance_subject: true, standard_monthly_remuneration: 300000, care_insurance_subject: false };
export const employmentInsuranceSimulationExample = { ...common, is_employment_insurance_subject: true, subject_wage_total: 300000 };
export const incomeTaxSimulationExample = { ...common, taxable_payment: 300000, social_insurance_deduction_amount: 44000, tax_table_type: 'kou', tax_dependent_count: 0 };
export const standardMonthlyRemunerationExample = { ...common, monthly_remuneration: 305000 };

const snapshot = {
  company_profile_version: '2025-04-01.5d9b586409d0',
  tax_table_version: '2026-01',
  social_insurance_rate_version: '2026-04',
  employees_pension_rate_version: '2020-09',
  employment_insurance_rate_version: '2026-04',
  rounding_rule_version: '2020-01',
  rules_masters_hash: RULES_MASTERS_HASH_EXAMPLE,
};

const resultHeader = (calculation_type: string) => ({
  calculation_id: 'calc_0f8e5b7a-3c2d-4e1f-9a8b-7c6d5e4f3a2b',
  calculation_type,
  company_id: 'acme-tokyo',
  calculated_at: '2026-05-20T01:23:45.678Z',
  settings_snapshot: snapshot,
});

export const employmentInsuranceTraceStepExample = {
  step: EI_RULE.step,
  step_type: EI_RULE.step_type,
  formula_code: EI_RULE.formula_code,
  output_key: EI_RULE.output_key,
  input_refs: Object.values(EI_RULE.inputs),
  formula: EI_RULE.formula,
  inputs: { employment_insurance_subject_amount: 300000, employee_rate: EI_GENERAL.employee_rate, business_type: EI_GENERAL.business_type },
  raw_amount: '1500',
  rounding_rule: EI_RULE.rounding_rule,
  rounded_amount: 1500,
  master_refs: [{ type: EI_GENERAL.type, id: EI_GENERAL.id, version: EI_GENERAL.version, effective_from: EI_GENERAL.effective_from, effective_to: EI_GENERAL.effective_to }],
  rule: {
    file: EI_RULE_FILE,
    sha256: '9a1e6f0b3c5d7e2f4a6b8c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f', // the shape of a file hash, not this file's
    legal_source: EI_RULE.legal_source,
    effective_from: EI_RULE.effective_from,
    effective_to: EI_RULE.effective_to,
  },
};

export const monthlyPayrollResultExample = {
  ...resultHeader('monthly_payroll'),
  settings_snapshot: { ...snapshot, overtime_premium_rounding_method: 'none', overtime_premium_monthly_total_rounding: 'none' },
  employee_ref: 'emp-0001',
  amounts: {
    gross_payment: 312750,
    taxable_payment: 302750,
    social_insurance_subject_amount: 312750,
    standard_monthly_remuneration_used: 300000,
    employees_pension_standard_monthly_remuneration_used: 300000,
    employment_insurance_subject_amount: 312750,
    income_tax_basis_amount: 258616,
    statutory_deductions: { health_insurance: 14775, care_insurance: 0, childcare_support_contribution: 345, employees_pension_insurance: 27450, employment_insurance: 1564, income_tax: 4810, resident_tax: 15000, total: 63944 },
    custom_deductions: { items: [{ code: 'union', name: 'Union fee', amount: 2000, metadata: null }], total: 2000 },
    attendance: { hourly_base: '1750', overtime_pay: 22750, late_early_leave_deduction: 0, absence_deduction: 0 },
    total_deductions: 65944,
    net_payment: 246806,
  },
  calculation_trace: [],
  warnings: [],
};

export const bonusResultExample = {
  ...resultHeader('bonus'),
  calculated_at: '2026-06-25T01:23:45.678Z',
  employee_ref: 'emp-0001',
  amounts: {
    gross_payment: 500000,
    taxable_payment: 500000,
    social_insurance_subject_amount: 500000,
    employment_insurance_subject_amount: 500000,
    standard_bonus_amounts: { health_insurance: 500000, employees_pension_insurance: 500000 },
    income_tax_basis_amount: 426550,
    statutory_deductions: { health_insurance: 24625, care_insurance: 0, childcare_support_contribution: 575, employees_pension_insurance: 45750, employment_insurance: 2500, income_tax: 17420, total: 90870 },
    custom_deductions: { items: [], total: 0 },
    total_deductions: 90870,
    net_payment: 409130,
  },
  calculation_trace: [],
  warnings: [],
};

export const socialInsuranceSimulationResultExample = {
  ...resultHeader('social_insurance_simulation'),
  amounts: { social_insurance_subject_amount: 300000, employees_pension_standard_monthly_remuneration_used: 300000, health_insurance: 14775, care_insurance: 0, childcare_support_contribution: 345, employees_pension_insurance: 27450, total: 42570 },
  calculation_trace: [],
  warnings: [],
};

export const employmentInsuranceSimulationResultExample = {
  ...resultHeader('employment_insurance_simulation'),
  amounts: { employment_insurance_subject_amount: 300000, employment_insurance: 1500 },
  calculation_trace: [employmentInsuranceTraceStepExample],
  warnings: [],
};

export const incomeTaxSimulationResultExample = {
  ...resultHeader('income_tax_simulation'),
  amounts: { taxable_payment: 300000, social_insurance_deduction_amount: 44000, income_tax_basis_amount: 256000, income_tax: 6320 },
  calculation_trace: [],
  warnings: [],
};

export const standardMonthlyRemunerationResultExample = {
  ...resultHeader('standard_monthly_remuneration_resolution'),
  amounts: { monthly_remuneration: 305000, health_insurance_grade: 22, health_insurance_standard_monthly_remuneration: 300000, employees_pension_insurance_grade: 19, employees_pension_standard_monthly_remuneration: 300000 },
  calculation_trace: [],
  warnings: [],
};

export const taxTableRecordExample = {
  type: 'income_tax_table',
  id: 'nta-withholding-monthly',
  version: '2026-01',
  effective_from: '2026-01-01',
  effective_to: '2026-12-31',
  source_artifact_id: 'nta-zeigakuhyo2026-01-07',
  table: 'monthly',
  status: 'imported',
};

// Rate-table records: read from pinned master versions (engine/masters/examples.ts), never copied here.
export const socialInsuranceRateRecordExample = socialRateRecordExample();
export const employeesPensionRateRecordExample = pensionRateRecordExample();
export const employmentInsuranceRateRecordExample = EI_GENERAL;

export const ruleRecordExample = {
  type: 'rule',
  id: 'employment_insurance.employee_contribution',
  version: 'v1',
  effective_from: employmentInsuranceTraceStepExample.rule.effective_from,
  effective_to: employmentInsuranceTraceStepExample.rule.effective_to,
  formula_code: employmentInsuranceTraceStepExample.formula_code,
  step: employmentInsuranceTraceStepExample.step,
  title: EI_RULE.title,
  legal_source: employmentInsuranceTraceStepExample.rule.legal_source,
  file: employmentInsuranceTraceStepExample.rule.file,
  sha256: employmentInsuranceTraceStepExample.rule.sha256,
};
