/** employee_snapshot: the employee facts a monthly payroll or bonus calculation needs. */
import { decimalString, flag, isoDate, text, yen } from './common.ts';
import { DAILY_HOURS_PATTERN } from './decimal-patterns.ts';
import { employeeSnapshotExample } from './examples.ts';
import { birthSchema, leavesSchema } from './leave-premium-exemption-request.ts';
import { taxDependentCount } from './limits.ts';

/**
 * Daily scheduled hours, 1 to 24: the daily rate is divided by them, so a tiny value ("0.0000000001")
 * would turn any daily rate into an astronomic hourly base; no daily-paid schedule is under an hour.
 */
const dailyHours = {
  type: 'string',
  pattern: DAILY_HOURS_PATTERN,
  errorMessage: { pattern: 'must be the daily scheduled hours from 1 to 24 as a decimal string, e.g. "8" or "7.5".' },
  description: 'Daily scheduled hours, 1 to 24; daily pay only.',
  examples: ['8'],
} as const;

export const employeeSnapshotSchema = {
  type: 'object',
  description:
    'Employee facts decided by the caller. Pay-type rules (forbidden and conditionally required fields) are cross-field checks reported as validation_error.',
  additionalProperties: false,
  required: [
    'employee_ref',
    'tax_dependent_count',
    'tax_table_type',
    'is_social_insurance_subject',
    'is_employment_insurance_subject',
    'standard_monthly_remuneration',
  ],
  properties: {
    employee_ref: text('Caller-managed correlation id; avoid direct identifiers.', 'emp-0001', 128),
    tax_dependent_count: taxDependentCount(
      "扶養親族等の数: the 甲 dependents column of the withholding tables. For 乙 it is not used, unless the company profile sets income_tax.otsu_secondary_declaration: statutory_reduction: then (monthly payroll) it is the number of dependents declared on a 従たる給与についての扶養控除等申告書 (0 when none was submitted), each reducing the monthly table's 乙 amount by the table's otsu_secondary_declaration_deduction.",
      1,
    ),
    tax_table_type: { type: 'string', enum: ['kou', 'otsu'], description: 'Withholding table column.', examples: ['kou'] },
    is_social_insurance_subject: flag('Subject to health, care, childcare support and pension insurance.'),
    is_employment_insurance_subject: flag('Subject to employment insurance.'),
    standard_monthly_remuneration: yen(
      'Health insurance standard monthly remuneration decided by the caller; above 0 when social-insurance subject (monthly payroll).',
      300000,
    ),
    health_insurance_grade: { type: 'integer', minimum: 1, maximum: 99, description: 'Reference only.', examples: [22] },
    employees_pension_insurance_grade: { type: 'integer', minimum: 1, maximum: 99, description: 'Reference only.', examples: [19] },
    care_insurance_subject: flag(
      'Subject to care insurance (age 40-64); requires is_social_insurance_subject. Required unless birth_date is given; sent with birth_date it must agree with the age (422 validation_error naming both otherwise).',
      false,
    ),
    birth_date: isoDate(
      "Optional. When given, the employee's ages decide the insurances for the premium month (the payment month less one under next_month collection; a bonus's payment month): care insurance, employees' pension and health insurance (with care and childcare support) by the age thresholds of the insured_ages parameters (listed by GET /v1/masters/versions, each with its legal source), the trace naming the ages used. Not after payment_date.",
      '1985-06-01',
    ),
    monthly_standard_working_hours: decimalString(
      'Monthly scheduled hours, 1 to 744: required for monthly pay with attendance_input, and for hourly or daily pay with an overtime-base allowance.',
      '160',
    ),
    daily_standard_working_hours: dailyHours,
    leaves: leavesSchema,
    birth: birthSchema,
  },
  examples: [employeeSnapshotExample],
} as const;
