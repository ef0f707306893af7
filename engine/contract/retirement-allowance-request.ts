/**
 * Request body of POST /v1/payroll/retirement-allowance:calculate (退職所得の源泉徴収). The field names are
 * fixed by issue 43 (other programs depend on them). Nothing here is statute: the deduction by years of
 * service, the halving and its exceptions, the windows of an earlier allowance, the quick-reckoning table
 * and the rates are in rules/retirement_allowance/ and masters/parameters/retirement_income.yaml; the
 * checks across fields (a period ending before it starts, installments that do not add up) are rules too.
 */
import { COMMON_REQUIRED, commonRequestProperties, flag, isoDate, text, yen } from './common.ts';
import { retirementAllowanceExample } from './examples.ts';

const period = (what: string) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['start_date', 'end_date'],
    description: what,
    properties: {
      start_date: isoDate('First day of the period.', '2022-04-01'),
      end_date: isoDate('Last day of the period (on or after start_date).', '2026-02-28'),
    },
  }) as const;

const earlier = {
  amount: yen('Amount of that allowance (収入金額).', 0),
  service_start_date: isoDate('First day of its 勤続期間.', '2016-01-01'),
  retirement_date: isoDate('Last day of its 勤続期間 (the retirement date).', '2020-03-31'),
} as const;

export const retirementAllowanceRequestSchema = {
  type: 'object',
  description:
    "Withholding income tax on one retirement allowance (退職手当等): the deduction by years of service, the halving (except for 特定役員退職手当等 and above 3,000,000 of a 短期退職手当等), the quick-reckoning table and 102.1 %; 20.42 % of the payment without the employee's 退職所得の受給に関する申告書.",
  additionalProperties: false,
  required: [...COMMON_REQUIRED, 'employee_ref', 'retirement_allowance', 'service_period', 'declaration'],
  properties: {
    ...commonRequestProperties(true),
    employee_ref: text('Caller-managed correlation id; avoid direct identifiers.', 'e-001', 128),
    retirement_allowance: {
      type: 'object',
      additionalProperties: false,
      required: ['amount'],
      description: 'The allowance paid (退職手当等の収入金額).',
      properties: {
        amount: yen('The whole allowance (all installments together).', 8000000),
        specified_officer_portion: {
          ...yen(
            'The part that is 特定役員退職手当等 (paid for a 役員等 service of at most 5 years; the whole allowance: = amount). Needs service_period.officer_period; at most amount.',
            0,
          ),
          default: 0,
        },
        is_dc_lump_sum: {
          ...flag(
            'A 確定拠出年金 (DC, iDeCo) 老齢一時金 rather than an employer allowance: it looks back 19 years for earlier allowances.',
            false,
          ),
          default: false,
        },
        installments: {
          type: 'array',
          maxItems: 120,
          default: [],
          description:
            '分割支給: the amount of each payment, in order; they add up to amount. The tax on the whole is apportioned to each (installment_taxes).',
          items: yen('One payment.', 4000000),
        },
      },
    },
    service_period: {
      type: 'object',
      additionalProperties: false,
      required: ['start_date', 'end_date'],
      description: '勤続期間 with the payer: from the day of hire to the day of retirement, both included.',
      properties: {
        start_date: isoDate('First day of service (hire).', '2016-01-01'),
        end_date: isoDate('Last day of service (retirement); on or after start_date.', '2026-02-28'),
        officer_period: period('役員等勤続期間: the part of the service as a 役員等 (director, auditor, ...), inside the service period.'),
        employee_period_end_date: isoDate(
          'Last day of service as 使用人 (employee), when it is not the day before officer_period starts (a 使用人兼務役員). Only with officer_period.',
          '2022-03-31',
        ),
      },
    },
    declaration: {
      type: 'object',
      additionalProperties: false,
      required: ['submitted'],
      description: "The employee's 退職所得の受給に関する申告書.",
      properties: {
        submitted: flag('Whether the declaration was submitted; without it 20.42 % of the payment is withheld.', true),
        disability_retirement: {
          ...flag(
            'The retirement is directly caused by becoming disabled (障害者になったことに直接基因して退職): 1,000,000 more deduction.',
            false,
          ),
          default: false,
        },
        allowances_already_paid_this_year: {
          type: 'array',
          maxItems: 20,
          default: [],
          description:
            'Other retirement allowances paid to the employee earlier in the same year (any payer), with the tax withheld from them.',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['amount', 'tax_withheld', 'service_start_date', 'retirement_date'],
            properties: { ...earlier, tax_withheld: yen('Income tax withheld from it.', 0) },
          },
        },
        previous_allowances: {
          type: 'array',
          maxItems: 20,
          default: [],
          description:
            'Retirement allowances (and DC lump sums) paid in earlier years: one paid within the window before this year whose 勤続期間 overlaps this one reduces the deduction.',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['payment_date', 'amount', 'service_start_date', 'retirement_date'],
            properties: {
              payment_date: isoDate('When it was paid (a year before this payment).', '2020-04-30'),
              ...earlier,
              is_dc_lump_sum: { ...flag('It was a DC (iDeCo) 老齢一時金.', false), default: false },
            },
          },
        },
      },
    },
  },
  examples: [retirementAllowanceExample],
} as const;
