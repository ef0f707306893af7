/**
 * Request body of POST /v1/social-insurance/leave-premium-exemption:calculate (産前産後休業・育児休業等期間中の
 * 社会保険料免除), and the `leaves` and `birth` that monthly payroll and bonus also take in employee_snapshot. The
 * field names are fixed by issue 42. Nothing here is statute: which months and bonuses are exempt is in
 * rules/leave_premium_exemption/ and masters/parameters/leave_premium_exemption.yaml; the order and overlap
 * of the leaves and the 24-month range are checked across fields (engine/validation/leaves.ts).
 */
import { calculationOptionsSchema, companyIdSchema, decimalString, flag, isoDate, settingsLockSchema, text, yen } from './common.ts';
import { leavePremiumExemptionExample } from './examples.ts';

const month = (description: string, example: string) =>
  ({
    type: 'string',
    pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$',
    errorMessage: { pattern: 'must be a month written YYYY-MM, e.g. "2026-11".' },
    description,
    examples: [example],
  }) as const;

export const leaveSchema = {
  type: 'object',
  description: 'One leave as taken (the caller files the 申出 for each).',
  additionalProperties: false,
  required: ['leave_type', 'start_date', 'end_date'],
  properties: {
    leave_type: {
      type: 'string',
      enum: ['maternity_leave', 'childcare_leave', 'postnatal_paternity_leave'],
      description:
        'maternity_leave: 産前産後休業; childcare_leave: 育児休業等 (育児休業 and its extensions, and the 準ずる措置 to age 3); postnatal_paternity_leave: 出生時育児休業 (産後パパ育休).',
      examples: ['childcare_leave'],
    },
    start_date: isoDate('First day of the leave.', '2026-11-01'),
    end_date: isoDate('Last day of the leave (on or after start_date).', '2026-11-14'),
    planned_work_hours: decimalString('postnatal_paternity_leave only: the hours of work agreed during the leave.', '12'),
    scheduled_daily_working_hours: decimalString(
      'postnatal_paternity_leave only, with planned_work_hours: the daily scheduled hours (planned hours / these, cut to whole days, are the working days not counted).',
      '8',
    ),
    // no default (absent reads as false): a default would make employee_snapshot, which embeds the leaves, a
    // component with defaulted fields, written inline in every request body instead of one shared type
    no_work_days_since_previous: {
      type: 'boolean',
      description:
        'true: no working day lies between the end of the previous leave of the list and this one (e.g. a weekend not worked), so the two are one leave; absent: false. A leave starting the day after the previous one ends is one with it anyway.',
      examples: [false],
    },
  },
  examples: [{ leave_type: 'childcare_leave', start_date: '2026-11-01', end_date: '2026-11-14' }],
} as const;

export const leavesSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 20,
  items: leaveSchema,
  description:
    'Leaves in start order, not overlapping (start_date after the previous end_date). Health, care, childcare support and pension premiums of the months and bonuses they exempt are zero; employment insurance is never exempt.',
  examples: [[leaveSchema.examples[0]]],
} as const;

export const birthSchema = {
  type: 'object',
  description:
    'The birth a maternity_leave is for: it sets the 産前産後休業 window (maternity_window), outside which a maternity_leave exempts nothing.',
  additionalProperties: false,
  required: ['expected_date'],
  properties: {
    expected_date: isoDate('出産予定日.', '2026-10-20'),
    actual_date: isoDate('出産日; absent before the birth (the expected date then stands for it).', '2026-10-18'),
    multiple_pregnancy: { type: 'boolean', description: '多胎妊娠; absent: false.', examples: [false] },
  },
  examples: [{ expected_date: '2026-10-20', actual_date: '2026-10-18', multiple_pregnancy: false }],
} as const;

export const leavePremiumExemptionRequestSchema = {
  type: 'object',
  description:
    'Which premium months and bonuses of an employee on 産前産後休業 or 育児休業等 are exempt from health, care, childcare support and pension premiums, and the premiums exempted and payable at the company’s rates of each month. Employment insurance is never exempt.',
  additionalProperties: false,
  required: ['company_id', 'calculation_date', 'employee_snapshot', 'leaves', 'premium_months'],
  properties: {
    company_id: companyIdSchema,
    calculation_date: isoDate('Date of the calculation; chooses the company profile and the law of the trace’s settings.', '2026-12-01'),
    employee_snapshot: {
      type: 'object',
      description: 'The employee’s insurance facts.',
      additionalProperties: false,
      required: ['employee_ref', 'is_social_insurance_subject', 'standard_monthly_remuneration'],
      properties: {
        employee_ref: text('Caller-managed correlation id; avoid direct identifiers.', 'e-001', 128),
        is_social_insurance_subject: flag('Subject to health, care, childcare support and pension insurance.'),
        care_insurance_subject: {
          ...flag('Subject to care insurance (age 40-64); requires is_social_insurance_subject.', false),
          default: false,
        },
        standard_monthly_remuneration: yen(
          'Standard monthly remuneration from the first premium month (until a change below); above 0 when subject.',
          300000,
        ),
      },
      examples: [
        { employee_ref: 'e-001', is_social_insurance_subject: true, care_insurance_subject: false, standard_monthly_remuneration: 300000 },
      ],
    },
    standard_monthly_remuneration_changes: {
      type: 'array',
      maxItems: 24,
      default: [],
      description: 'Changes of the standard monthly remuneration, in month order: each applies from its premium month.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from_premium_month', 'standard_monthly_remuneration'],
        properties: {
          from_premium_month: month('The first premium month (YYYY-MM) of the new value.', '2026-09'),
          standard_monthly_remuneration: { ...yen('The new standard monthly remuneration.', 320000), minimum: 1 },
        },
      },
      examples: [[{ from_premium_month: '2026-09', standard_monthly_remuneration: 320000 }]],
    },
    leaves: leavesSchema,
    birth: birthSchema,
    bonuses: {
      type: 'array',
      maxItems: 12,
      default: [],
      description: 'Bonuses paid in the period (optional): each one’s premiums, and whether they are exempt.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['payment_date', 'bonus_gross_amount'],
        properties: {
          payment_date: isoDate('Payment date of the bonus (its premium month is its month).', '2026-11-25'),
          bonus_gross_amount: { ...yen('The bonus subject to social insurance.', 400000), minimum: 1 },
          health_insurance_standard_bonus_ytd: {
            ...yen('Health standard bonus total of the fiscal year before this bonus (for the annual cap).', 0),
            default: 0,
          },
        },
      },
      examples: [[{ payment_date: '2026-11-25', bonus_gross_amount: 400000, health_insurance_standard_bonus_ytd: 0 }]],
    },
    premium_months: {
      type: 'object',
      description: 'The premium months (X月分) to answer for, at most 24.',
      additionalProperties: false,
      required: ['from', 'to'],
      properties: {
        from: month('First premium month.', '2026-10'),
        to: month('Last premium month (at most 23 months after from).', '2027-01'),
      },
      examples: [{ from: '2026-10', to: '2027-01' }],
    },
    settings_lock: settingsLockSchema,
    calculation_options: calculationOptionsSchema(true),
  },
  examples: [leavePremiumExemptionExample],
} as const;
