/** POST /v1/payroll/monthly:calculate request body. */
import { COMMON_REQUIRED, commonRequestProperties, yen } from './common.ts';
import { employeeSnapshotSchema } from './employee-snapshot.ts';
import { allowanceSchema, customDeductionSchema, previousAdjustmentSchema } from './items.ts';
import { monthlyPayrollRequestExample } from './examples.ts';
import { payPeriodSchema } from './pay-period.ts';

const minutes = (description: string) => ({ type: 'integer', minimum: 0, maximum: 44640, description, examples: [600] }) as const;
const defaultedMinutes = (description: string) => ({ ...minutes(description), default: 0 }) as const;

export const attendanceInputSchema = {
  type: 'object',
  description:
    'Attendance minutes turned into base pay (hourly, daily), overtime premium and deductions. Which fields each pay type allows is a cross-field rule.',
  additionalProperties: false,
  properties: {
    overtime_minutes: defaultedMinutes('Overtime minutes.'),
    late_night_minutes: defaultedMinutes('Late-night minutes; additive premium, may overlap any category.'),
    legal_holiday_minutes: defaultedMinutes('Legal-holiday work minutes.'),
    non_legal_holiday_minutes: defaultedMinutes('Scheduled (non-legal) holiday work minutes.'),
    late_early_leave_minutes: defaultedMinutes('Minutes subject to late/early-leave deduction.'),
    absence_minutes: defaultedMinutes('Minutes subject to absence deduction.'),
    base_work_minutes: minutes('Hourly pay only: worked minutes paid at 1.0x.'),
    attendance_days: { type: 'integer', minimum: 0, maximum: 31, description: 'Daily pay only: days attended.', examples: [20] },
  },
  examples: [{ overtime_minutes: 600, late_night_minutes: 120 }],
} as const;

export const periodSchema = {
  type: 'object',
  description: 'The payroll period.',
  additionalProperties: false,
  required: ['payroll_month', 'start_date', 'end_date'],
  properties: {
    payroll_month: {
      type: 'string',
      pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
      errorMessage: { pattern: 'must be a month YYYY-MM.' },
      description: 'Payroll month, YYYY-MM.',
      examples: ['2026-05'],
    },
    start_date: { type: 'string', format: 'date', description: 'First day of the period.', examples: ['2026-05-01'] },
    end_date: { type: 'string', format: 'date', description: 'Last day of the period; on or after start_date.', examples: ['2026-05-31'] },
  },
  examples: [{ payroll_month: '2026-05', start_date: '2026-05-01', end_date: '2026-05-31' }],
} as const;

/** The monthly payroll's employee: the bonus's, and 丙 (hei), which a day-based pay_period reads from the daily table. */
export const monthlyEmployeeSnapshotSchema = {
  ...employeeSnapshotSchema,
  properties: {
    ...employeeSnapshotSchema.properties,
    tax_table_type: {
      ...employeeSnapshotSchema.properties.tax_table_type,
      enum: ['kou', 'otsu', 'hei'],
      description:
        'Withholding table column: kou (甲), otsu (乙), or hei (丙, 日雇賃金: daily table only, with pay_period day, week or days).',
    },
  },
} as const;

export const monthlyPayrollRequestSchema = {
  type: 'object',
  description:
    'Monthly payroll for a monthly-, hourly- or daily-paid employee. The pay type input matrix of the specification is enforced as validation_error (forbidden_field, required).',
  additionalProperties: false,
  required: [...COMMON_REQUIRED, 'period', 'employee_snapshot'],
  properties: {
    ...commonRequestProperties(true),
    period: periodSchema,
    employee_snapshot: monthlyEmployeeSnapshotSchema,
    pay_type: { type: 'string', enum: ['monthly', 'hourly', 'daily'], default: 'monthly', description: 'Pay type.', examples: ['monthly'] },
    base_pay: yen('Monthly pay only (required): base salary.', 280000),
    hourly_rate: yen('Hourly pay only (required): hourly wage.', 1500),
    daily_rate: yen('Daily pay only (required): daily wage.', 12000),
    overtime_pay: { ...yen('Precomputed overtime pay; must be 0 with attendance_input.', 0), default: 0 },
    absence_deduction: { ...yen('Precomputed absence deduction; must be 0 with attendance_input.', 0), default: 0 },
    late_early_leave_deduction: { ...yen('Precomputed late/early-leave deduction; must be 0 with attendance_input.', 0), default: 0 },
    attendance_input: attendanceInputSchema,
    allowances: {
      type: 'array',
      maxItems: 50,
      default: [],
      items: allowanceSchema,
      description: 'Allowances, codes unique.',
      examples: [[allowanceSchema.examples[0]]],
    },
    custom_deductions: {
      type: 'array',
      maxItems: 50,
      default: [],
      items: customDeductionSchema,
      description: 'Custom deductions, codes unique.',
      examples: [[customDeductionSchema.examples[0]]],
    },
    resident_tax_amount: { ...yen('Resident tax deducted as given.', 15000), default: 0 },
    previous_adjustments: {
      type: 'array',
      maxItems: 20,
      default: [],
      items: previousAdjustmentSchema,
      description: 'Corrections of earlier payrolls, codes unique.',
      examples: [[previousAdjustmentSchema.examples[0]]],
    },
    pay_period: {
      ...payPeriodSchema,
      description: `${payPeriodSchema.description} Changes the income tax withholding only: the premiums are computed as without it (a weekly payer sends is_social_insurance_subject true in the one payment of the month that withholds its premiums, false in the others; docs/api.md, "Pay periods in monthly payroll").`,
    },
  },
  examples: [monthlyPayrollRequestExample],
} as const;
