/** POST /v1/payroll/bonus:calculate request body. */
import { fraction } from './calculation-profile.ts';
import { COMMON_REQUIRED, commonRequestProperties, yen } from './common.ts';
import { employeeSnapshotSchema } from './employee-snapshot.ts';
import { bonusRequestExample } from './examples.ts';
import { bonusItemSchema, customDeductionSchema } from './items.ts';

export const bonusTaxContextSchema = {
  type: 'object',
  description: 'How the bonus withholding tax is determined.',
  additionalProperties: false,
  default: { calculation_method: 'standard' },
  properties: {
    calculation_method: {
      type: 'string',
      enum: ['standard', 'no_previous_month_payroll'],
      default: 'standard',
      description:
        "`standard`: bonus withholding table by the previous month's pay; `no_previous_month_payroll`: monthly-table method for employees without previous-month pay.",
      examples: ['standard'],
    },
    withholding_rate_override: fraction(
      'Caller withholding rate as a fraction between 0 and 1 (10.21 % is "0.1021"); only when the profile allows it (else 422 withholding_rate_override_not_allowed).',
      '0.1021',
    ),
  },
  examples: [{ calculation_method: 'standard' }],
} as const;

export const bonusSocialInsuranceContextSchema = {
  type: 'object',
  description: 'Cumulative standard bonus amounts before this payment, for the annual (health) and monthly (pension) caps.',
  additionalProperties: false,
  required: ['health_insurance_standard_bonus_ytd_before_this_payment', 'employees_pension_standard_bonus_same_month_before_this_payment'],
  properties: {
    health_insurance_standard_bonus_ytd_before_this_payment: yen('Fiscal-year health standard bonus total before this payment.', 0),
    employees_pension_standard_bonus_same_month_before_this_payment: yen('Pension standard bonus already in the same month.', 0),
  },
  examples: [
    { health_insurance_standard_bonus_ytd_before_this_payment: 0, employees_pension_standard_bonus_same_month_before_this_payment: 0 },
  ],
} as const;

export const bonusRequestSchema = {
  type: 'object',
  description:
    'Bonus payroll: premiums on standard bonus amounts, bonus withholding tax, custom deductions and net payment. bonus_gross_amount 0 with no bonus_items is a validation_error.',
  additionalProperties: false,
  required: [
    ...COMMON_REQUIRED,
    'employee_snapshot',
    'bonus_gross_amount',
    'previous_month_taxable_payroll_amount',
    'previous_month_social_insurance_amount',
    'bonus_social_insurance_context',
  ],
  properties: {
    ...commonRequestProperties(true),
    employee_snapshot: employeeSnapshotSchema,
    bonus_gross_amount: yen('Total bonus; counts in all three bases.', 500000),
    bonus_items: {
      type: 'array',
      maxItems: 50,
      default: [],
      items: bonusItemSchema,
      description: 'Bonus parts, codes unique.',
      examples: [[bonusItemSchema.examples[0]]],
    },
    custom_deductions: {
      type: 'array',
      maxItems: 50,
      default: [],
      items: customDeductionSchema,
      description: 'Custom deductions, codes unique.',
      examples: [[customDeductionSchema.examples[0]]],
    },
    previous_month_taxable_payroll_amount: yen("Previous month's taxable payment.", 300000),
    previous_month_social_insurance_amount: yen("Previous month's social insurance deduction.", 44000),
    bonus_tax_context: bonusTaxContextSchema,
    bonus_social_insurance_context: bonusSocialInsuranceContextSchema,
  },
  examples: [bonusRequestExample],
} as const;
