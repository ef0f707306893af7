/**
 * Response schemas of the calculation endpoints. They are strict (additionalProperties false) except
 * where the specification says the content varies (a trace step's `inputs`), so a test can hold the
 * engine's output to the documented shape.
 */
import { settingsSnapshotSchema, signedYen, yen } from '../../engine/contract/index.ts';
import * as ex from '../../engine/contract/examples.ts';

const int = (description: string, example = 0) => signedYen(description, example);

export const masterRefSchema = {
  type: 'object',
  description: 'A master table version a trace step read.',
  additionalProperties: false,
  required: ['type', 'id', 'version', 'effective_from', 'effective_to'],
  properties: {
    type: { type: 'string', description: 'income_tax_table, social_insurance_rate_table, employees_pension_rate_table, employment_insurance_rate_table, company_calculation_profile, ...', examples: ['employment_insurance_rate_table'] },
    id: { type: 'string', description: 'Table id.', examples: ['ei-general'] },
    version: { type: 'string', description: 'Table version.', examples: ['2026-04'] },
    effective_from: { type: 'string', format: 'date', description: 'First day in force.', examples: ['2026-04-01'] },
    effective_to: { type: ['string', 'null'], format: 'date', description: 'Last day in force; null = open-ended.', examples: [null] },
  },
  examples: [ex.employmentInsuranceTraceStepExample.master_refs[0]],
} as const;

/** Shared with the rule listing (GET /v1/masters/rules). */
export const ruleFileHashProperty = { type: ['string', 'null'], pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the rule file as loaded.', examples: [ex.employmentInsuranceTraceStepExample.rule.sha256] } as const;

export const ruleRefSchema = {
  type: 'object',
  description: 'Provenance of a trace step: the rule file and version that ran, its hash, dates and legal source.',
  additionalProperties: false,
  required: ['file', 'sha256', 'legal_source', 'effective_from', 'effective_to'],
  properties: {
    file: { type: 'string', description: 'Rule file, relative to the loaded rules folder.', examples: [ex.employmentInsuranceTraceStepExample.rule.file] },
    sha256: ruleFileHashProperty,
    legal_source: { type: 'string', description: 'The statute the rule implements.', examples: [ex.employmentInsuranceTraceStepExample.rule.legal_source] },
    effective_from: { type: 'string', format: 'date', description: 'First day this rule version is in force.', examples: ['2020-01-01'] },
    effective_to: { type: ['string', 'null'], format: 'date', description: 'Last day in force; null = open-ended.', examples: [null] },
  },
  examples: [ex.employmentInsuranceTraceStepExample.rule],
} as const;

export const traceStepSchema = {
  type: 'object',
  description: 'One step of calculation_trace: formula, inputs, raw and rounded amounts and the masters read.',
  additionalProperties: false,
  required: ['step', 'step_type', 'formula_code', 'output_key', 'input_refs', 'formula', 'inputs', 'raw_amount', 'rounding_rule', 'rounded_amount', 'master_refs', 'rule'],
  properties: {
    step: { type: 'string', description: 'Step name.', examples: ['employment_insurance'] },
    step_type: { type: 'string', description: 'settings_resolution, statutory_deduction, tax_calculation, payment_aggregation, deduction_aggregation, ...', examples: ['statutory_deduction'] },
    formula_code: { type: 'string', description: 'Versioned formula code.', examples: ['employment_insurance.employee_contribution.v1'] },
    output_key: { type: 'string', description: 'Path of the output value.', examples: ['amounts.employment_insurance'] },
    input_refs: { type: 'array', items: { type: 'string' }, description: 'Where the inputs came from.', examples: [['request.subject_wage_total']] },
    formula: { type: 'string', description: 'The formula in words.', examples: ['subject_wage_total * employee_rate'] },
    // The specification: "inputs: object; content varies by step".
    inputs: { type: 'object', additionalProperties: true, description: 'Input values; content varies by step.', examples: [{ subject_wage_total: 300000 }] },
    raw_amount: { type: ['string', 'null'], description: 'Unrounded result as a decimal string; null for steps without an amount (settings_resolution).', examples: ['1500'] },
    rounding_rule: { type: ['string', 'null'], description: 'Named rounding rule, or null.', examples: ['round_50_sen_or_less_down_over_50_sen_up_to_yen'] },
    rounded_amount: { type: ['integer', 'string', 'null'], description: 'Rounded result: integer yen, a decimal string for the hourly-base step, null for steps without an amount.', examples: [1500] },
    master_refs: { type: 'array', items: masterRefSchema, description: 'Masters read by this step.', examples: [[]] },
    notes: { type: 'string', description: 'Optional explanation.', examples: ['premium month 2026-04'] },
    rule: ruleRefSchema,
  },
  examples: [ex.employmentInsuranceTraceStepExample],
} as const;

const customDeductionsResult = {
  type: 'object',
  description: 'Custom deductions in request order and their total.',
  additionalProperties: false,
  required: ['items', 'total'],
  properties: {
    items: {
      type: 'array',
      description: 'Custom deductions as given.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'name', 'amount'],
        properties: {
          code: { type: 'string', examples: ['union'] },
          name: { type: 'string', examples: ['Union fee'] },
          amount: yen('Amount.', 2000),
          metadata: { type: ['object', 'null'], additionalProperties: true, description: 'metadata of the request item; null when none was given.', examples: [null] },
        },
        examples: [{ code: 'union', name: 'Union fee', amount: 2000 }],
      },
      examples: [[{ code: 'union', name: 'Union fee', amount: 2000 }]],
    },
    total: yen('Sum of the items.', 2000),
  },
  examples: [{ items: [{ code: 'union', name: 'Union fee', amount: 2000 }], total: 2000 }],
} as const;

const lines = (names: readonly string[], description: string, example: Record<string, number>) =>
  ({
    type: 'object',
    description,
    additionalProperties: false,
    required: names,
    properties: Object.fromEntries(names.map((n) => [n, int(`${n} (yen).`)])),
    examples: [example],
  }) as const;

const monthlyStatutory = ['health_insurance', 'care_insurance', 'childcare_support_contribution', 'employees_pension_insurance', 'employment_insurance', 'income_tax', 'resident_tax', 'total'] as const;
const bonusStatutory = ['health_insurance', 'care_insurance', 'childcare_support_contribution', 'employees_pension_insurance', 'employment_insurance', 'income_tax', 'total'] as const;

export const monthlyPayrollAmountsSchema = {
  type: 'object',
  description: 'Monthly payroll amounts in yen.',
  additionalProperties: false,
  required: ['gross_payment', 'taxable_payment', 'social_insurance_subject_amount', 'standard_monthly_remuneration_used', 'employees_pension_standard_monthly_remuneration_used', 'employment_insurance_subject_amount', 'income_tax_basis_amount', 'statutory_deductions', 'custom_deductions', 'total_deductions', 'net_payment'],
  properties: {
    gross_payment: int('Gross payment.'),
    taxable_payment: int('Taxable payment.'),
    social_insurance_subject_amount: int('Social insurance subject amount.'),
    standard_monthly_remuneration_used: int('Standard monthly remuneration used for health, care and childcare support; 0 if not subject.'),
    employees_pension_standard_monthly_remuneration_used: int('Pension basis after clamping; 0 if not subject.'),
    employment_insurance_subject_amount: int('Employment insurance subject amount.'),
    income_tax_basis_amount: int('Income tax basis.'),
    statutory_deductions: lines(monthlyStatutory, 'Statutory deductions; total includes resident tax.', ex.monthlyPayrollResultExample.amounts.statutory_deductions),
    custom_deductions: customDeductionsResult,
    attendance: {
      type: 'object',
      description: 'Present only when attendance_input was given.',
      additionalProperties: false,
      required: ['hourly_base', 'overtime_pay', 'late_early_leave_deduction', 'absence_deduction'],
      properties: {
        base_pay: int('Hourly and daily pay only: base pay from attendance.'),
        hourly_base: { type: 'string', description: 'Unrounded hourly base as a decimal string (at most 10 fractional digits).', examples: ['1750'] },
        overtime_pay: int('Overtime premium.'),
        late_early_leave_deduction: int('Late/early-leave deduction.'),
        absence_deduction: int('Absence deduction.'),
      },
      examples: [ex.monthlyPayrollResultExample.amounts.attendance],
    },
    total_deductions: int('Statutory plus custom deductions.'),
    net_payment: int('Gross payment minus total deductions; may be negative.'),
  },
  examples: [ex.monthlyPayrollResultExample.amounts],
} as const;

export const bonusAmountsSchema = {
  type: 'object',
  description: 'Bonus amounts in yen.',
  additionalProperties: false,
  required: ['gross_payment', 'taxable_payment', 'social_insurance_subject_amount', 'employment_insurance_subject_amount', 'standard_bonus_amounts', 'income_tax_basis_amount', 'statutory_deductions', 'custom_deductions', 'total_deductions', 'net_payment'],
  properties: {
    gross_payment: int('Gross payment.'),
    taxable_payment: int('Taxable payment.'),
    social_insurance_subject_amount: int('Social insurance subject amount.'),
    employment_insurance_subject_amount: int('Employment insurance subject amount.'),
    standard_bonus_amounts: lines(['health_insurance', 'employees_pension_insurance'], 'Capped standard bonus amounts.', ex.bonusResultExample.amounts.standard_bonus_amounts),
    income_tax_basis_amount: int('Income tax basis.'),
    statutory_deductions: lines(bonusStatutory, 'Statutory deductions.', ex.bonusResultExample.amounts.statutory_deductions),
    custom_deductions: customDeductionsResult,
    total_deductions: int('Statutory plus custom deductions.'),
    net_payment: int('Net payment.'),
  },
  examples: [ex.bonusResultExample.amounts],
} as const;

const flatAmounts = (names: readonly string[], description: string, example: Record<string, number>) => lines(names, description, example);

export const socialInsuranceSimulationAmountsSchema = flatAmounts(
  ['social_insurance_subject_amount', 'employees_pension_standard_monthly_remuneration_used', 'health_insurance', 'care_insurance', 'childcare_support_contribution', 'employees_pension_insurance', 'total'],
  'Social insurance simulation amounts.',
  ex.socialInsuranceSimulationResultExample.amounts,
);
export const employmentInsuranceSimulationAmountsSchema = flatAmounts(['employment_insurance_subject_amount', 'employment_insurance'], 'Employment insurance simulation amounts.', ex.employmentInsuranceSimulationResultExample.amounts);
export const incomeTaxSimulationAmountsSchema = flatAmounts(['taxable_payment', 'social_insurance_deduction_amount', 'income_tax_basis_amount', 'income_tax'], 'Income tax simulation amounts.', ex.incomeTaxSimulationResultExample.amounts);
export const standardMonthlyRemunerationAmountsSchema = flatAmounts(
  ['monthly_remuneration', 'health_insurance_grade', 'health_insurance_standard_monthly_remuneration', 'employees_pension_insurance_grade', 'employees_pension_standard_monthly_remuneration'],
  'Resolved grades and standard monthly remunerations.',
  ex.standardMonthlyRemunerationResultExample.amounts,
);

function resultSchema<T extends string, A extends object>(calculationType: T, amounts: A, example: object, withEmployee: boolean) {
  return {
    type: 'object',
    description: `Result of a ${calculationType} calculation. Nothing of it is stored.`,
    additionalProperties: false,
    required: ['calculation_id', 'calculation_type', 'company_id', ...(withEmployee ? ['employee_ref'] : []), 'calculated_at', 'settings_snapshot', 'amounts', 'calculation_trace', 'warnings'],
    properties: {
      calculation_id: { type: 'string', pattern: '^calc_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', description: 'calc_ followed by a UUID.', examples: ['calc_0f8e5b7a-3c2d-4e1f-9a8b-7c6d5e4f3a2b'] },
      calculation_type: { type: 'string', const: calculationType, description: 'Calculation type.', examples: [calculationType] },
      company_id: { type: 'string', description: 'Company of the request.', examples: ['acme-tokyo'] },
      ...(withEmployee ? { employee_ref: { type: 'string', description: 'employee_snapshot.employee_ref of the request.', examples: ['emp-0001'] } } : {}),
      calculated_at: { type: 'string', format: 'date-time', pattern: 'Z$', description: 'UTC timestamp with milliseconds.', examples: ['2026-05-20T01:23:45.678Z'] },
      settings_snapshot: settingsSnapshotSchema,
      amounts,
      calculation_trace: { type: 'array', items: traceStepSchema, description: 'Explainable steps; empty when include_calculation_trace is false.', examples: [[ex.employmentInsuranceTraceStepExample]] },
      warnings: { type: 'array', items: { type: 'string' }, description: 'Codes of caller inputs that changed the calculation.', examples: [[]] },
    },
    examples: [example],
  } as const;
}

export const monthlyPayrollResultSchema = resultSchema('monthly_payroll', monthlyPayrollAmountsSchema, ex.monthlyPayrollResultExample, true);
export const bonusResultSchema = resultSchema('bonus', bonusAmountsSchema, ex.bonusResultExample, true);
export const socialInsuranceSimulationResultSchema = resultSchema('social_insurance_simulation', socialInsuranceSimulationAmountsSchema, ex.socialInsuranceSimulationResultExample, false);
export const employmentInsuranceSimulationResultSchema = resultSchema('employment_insurance_simulation', employmentInsuranceSimulationAmountsSchema, ex.employmentInsuranceSimulationResultExample, false);
export const incomeTaxSimulationResultSchema = resultSchema('income_tax_simulation', incomeTaxSimulationAmountsSchema, ex.incomeTaxSimulationResultExample, false);
export const standardMonthlyRemunerationResultSchema = resultSchema('standard_monthly_remuneration_resolution', standardMonthlyRemunerationAmountsSchema, ex.standardMonthlyRemunerationResultExample, false);
