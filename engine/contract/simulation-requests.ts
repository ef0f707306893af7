/** Request bodies of the four single-purpose simulation endpoints. */
import { COMMON_REQUIRED, commonRequestProperties, flag, yen } from './common.ts';
import { taxDependentCount } from './limits.ts';
import { payPeriodSchema } from './pay-period.ts';
import {
  employmentInsuranceSimulationExample,
  incomeTaxSimulationExample,
  socialInsuranceSimulationExample,
  standardMonthlyRemunerationExample,
} from './examples.ts';

export const socialInsuranceSimulationRequestSchema = {
  type: 'object',
  description: 'Employee premiums of health, care, childcare support and pension insurance for one standard monthly remuneration.',
  additionalProperties: false,
  required: [...COMMON_REQUIRED, 'is_social_insurance_subject', 'standard_monthly_remuneration', 'care_insurance_subject'],
  properties: {
    ...commonRequestProperties(true),
    is_social_insurance_subject: flag('Subject to social insurance.'),
    standard_monthly_remuneration: yen(
      'Standard monthly remuneration; above 0 when subject. The pension basis is clamped to the pension grade table.',
      300000,
    ),
    care_insurance_subject: flag('Subject to care insurance; requires is_social_insurance_subject.', false),
  },
  examples: [socialInsuranceSimulationExample],
} as const;

export const employmentInsuranceSimulationRequestSchema = {
  type: 'object',
  description: 'Employee employment insurance premium for a wage total.',
  additionalProperties: false,
  required: [...COMMON_REQUIRED, 'is_employment_insurance_subject', 'subject_wage_total'],
  properties: {
    ...commonRequestProperties(true),
    is_employment_insurance_subject: flag('Subject to employment insurance.'),
    subject_wage_total: yen('Wages subject to employment insurance; above 0 when subject.', 300000),
  },
  examples: [employmentInsuranceSimulationExample],
} as const;

export const incomeTaxSimulationRequestSchema = {
  type: 'object',
  description:
    'Withholding income tax by the monthly table (rows and bracket formulas), or for pay paid by the day, the week or a number of days by the daily table (pay_period).',
  additionalProperties: false,
  required: [...COMMON_REQUIRED, 'taxable_payment', 'social_insurance_deduction_amount', 'tax_table_type', 'tax_dependent_count'],
  properties: {
    ...commonRequestProperties(true),
    taxable_payment: yen('Taxable payment.', 300000),
    social_insurance_deduction_amount: yen('Social insurance premiums subtracted to give the basis.', 44000),
    tax_table_type: {
      type: 'string',
      enum: ['kou', 'otsu', 'hei'],
      description:
        'Withholding table column: kou (甲), otsu (乙), or hei (丙, 日雇賃金: daily table only, with pay_period day, week or days).',
      examples: ['kou'],
    },
    pay_period: payPeriodSchema,
    tax_dependent_count: taxDependentCount(
      "扶養親族等の数: the 甲 dependents column of the withholding table (not used for 丙). For 乙 it is not used, unless the company profile sets income_tax.otsu_secondary_declaration: statutory_reduction: then it is the number of dependents declared on a 従たる給与についての扶養控除等申告書 (0 when none was submitted), each reducing the 乙 amount by the table's otsu_secondary_declaration_deduction.",
      0,
    ),
  },
  examples: [incomeTaxSimulationExample],
} as const;

export const standardMonthlyRemunerationRequestSchema = {
  type: 'object',
  description: 'Pure grade lookup of health and pension standard monthly remuneration; does not count toward the quota.',
  additionalProperties: false,
  required: [...COMMON_REQUIRED, 'monthly_remuneration'],
  properties: {
    ...commonRequestProperties(false),
    monthly_remuneration: yen('Average monthly remuneration computed by the caller.', 305000),
  },
  examples: [standardMonthlyRemunerationExample],
} as const;
