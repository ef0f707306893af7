/**
 * Request bodies of the resident-tax endpoints (個人住民税 給与所得に係る特別徴収): the monthly schedule of a
 * notified annual amount and what is collected when an employee leaves. The field names are fixed by issue 42
 * (other programs depend on them). Nothing here is statute: the months of collection, the 100-yen split, the
 * per-capita levy default, the lump-sum windows and the remittance day are in rules/resident_tax/ and
 * masters/parameters/resident_tax.yaml; which field combinations and months a fiscal year admits is checked
 * there too, since only the parameters know the months.
 */
import { calculationOptionsSchema, companyIdSchema, flag, isoDate, settingsLockSchema, yen } from './common.ts';

const month = (description: string, example: string) =>
  ({
    type: 'string',
    pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$',
    errorMessage: { pattern: 'must be a month written YYYY-MM, e.g. "2026-06".' },
    description,
    examples: [example],
  }) as const;

const fiscalYear = {
  type: 'integer',
  minimum: 1000,
  maximum: 9998,
  description:
    'The fiscal year (年度) of the notice, e.g. 2026 for 令和8年度: collected from June of that year to May of the next. A year no parameter covers is 422 settings_not_resolved.',
  examples: [2026],
} as const;

const annualAmount = yen(
  'The annual special-collection amount (特別徴収税額, 年税額) of the municipality’s notice (特別徴収税額決定通知書): 市町村民税 and 道府県民税 together, with 森林環境税.',
  182500,
);

export const residentTaxScheduleExample = {
  company_id: 'acme-tokyo',
  calculation_date: '2026-05-20',
  fiscal_year: 2026,
  annual_special_collection_amount: 182500,
};

export const residentTaxSeparationExample = {
  company_id: 'acme-tokyo',
  calculation_date: '2027-01-20',
  fiscal_year: 2026,
  annual_special_collection_amount: 100000,
  event_date: '2027-01-20',
  payments_by_may_31: 300000,
};

export const residentTaxScheduleRequestSchema = {
  type: 'object',
  description:
    'The monthly amounts (月割額) of a notified annual special-collection amount: twelve from June to May, or from first_collection_month for a notice received after 31 May.',
  additionalProperties: false,
  required: ['company_id', 'calculation_date', 'fiscal_year', 'annual_special_collection_amount'],
  properties: {
    company_id: companyIdSchema,
    calculation_date: isoDate('Date of the calculation (e.g. the day the notice is entered).', '2026-05-20'),
    fiscal_year: fiscalYear,
    annual_special_collection_amount: annualAmount,
    per_capita_levy_amount: yen(
      '均等割額に相当する金額: an annual amount at or under it is collected at once in the first month. Default: the parameter resident_tax.per_capita_levy_default; send the amount of the notice’s municipality.',
      5000,
    ),
    first_collection_month: month(
      'For a notice received after 31 May: the first month of collection (the month after the notice), at the latest the May of the fiscal year’s end. Default: June of fiscal_year.',
      '2026-08',
    ),
    settings_lock: settingsLockSchema,
    calculation_options: calculationOptionsSchema(true),
  },
  examples: [residentTaxScheduleExample],
} as const;

export const residentTaxSeparationRequestSchema = {
  type: 'object',
  description:
    'What the employer collects when an employee stops receiving pay (退職, death): the event month’s own amount, the lump sum of the months after it (一括徴収: required for an event from 1 January to 30 April, on request from 1 June to 31 December, each only when a payment by 31 May exceeds it), or their transfer to ordinary collection (普通徴収) or to a new employer. Give exactly one of annual_special_collection_amount and notified_monthly_amounts.',
  additionalProperties: false,
  required: ['company_id', 'calculation_date', 'fiscal_year', 'event_date'],
  properties: {
    company_id: companyIdSchema,
    calculation_date: isoDate('Date of the calculation (e.g. the day the last payslip is prepared).', '2027-01-20'),
    fiscal_year: fiscalYear,
    annual_special_collection_amount: {
      ...annualAmount,
      description: `${annualAmount.description} Split as the schedule endpoint splits it (June to May). Or send notified_monthly_amounts.`,
    },
    notified_monthly_amounts: {
      type: 'array',
      minItems: 1,
      maxItems: 12,
      description:
        'The monthly amounts printed on the notice (they win over the statutory default split): consecutive months in order, ending with the May of the fiscal year’s end (from June, or from the first month of a late notice). Or send annual_special_collection_amount.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['month', 'amount'],
        properties: {
          month: month('The month of collection (YYYY-MM).', '2026-06'),
          amount: yen('The 月割額 of that month.', 8700),
        },
      },
      examples: [[{ month: '2026-06', amount: 8700 }]],
    },
    event_date: isoDate(
      'The day the employee stops receiving pay from this employer (退職, death): its month is the event month, whose own amount is collected from its pay as usual. Must fall within the fiscal year’s months of collection.',
      '2027-01-20',
    ),
    reason: {
      type: 'string',
      enum: ['leaving', 'death'],
      default: 'leaving',
      description: 'leaving: 退職 (or another end of pay); death: 死亡 (no lump sum is required, per municipal guidance).',
      examples: ['leaving'],
    },
    employee_requests_lump_sum: {
      ...flag('The employee asks for the remaining amounts to be collected at once (一括徴収の申出).', false),
      default: false,
    },
    payments_by_may_31: yen(
      'The pay or 退職手当等 still to be paid to the employee by 31 May (the amount the lump sum would be deducted from). Required when a lump sum is in question (an event from January to April, or a request).',
      300000,
    ),
    continues_special_collection_at_new_employer: {
      ...flag('A new employer continues the special collection (the 異動届 goes to it).', false),
      default: false,
    },
    settings_lock: settingsLockSchema,
    calculation_options: calculationOptionsSchema(true),
  },
  examples: [residentTaxSeparationExample],
} as const;
