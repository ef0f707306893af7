/**
 * pay_period: how often the pay is paid, which chooses the withholding table (所得税法第185条第1項; the
 * conversions are rules/income_tax/income_tax.pay_period_conversion.v1.yaml). Absent: once a month, as
 * before. `count` is how many units one payment covers (several months, days or weeks); the units that
 * are one period by definition take no count but 1, so one payment has one spelling.
 */
const SINGLE_UNITS = ['month', 'half_month', 'ten_days', 'day'] as const;

export const payPeriodSchema = {
  type: 'object',
  description:
    'How often this pay is paid; absent: once a month. month, half_month, ten_days and months are withheld by the monthly table (the amount x 2 or x 3, tax / 2 or / 3; months: the amount / count, tax x count), day, week and days by the daily table on the amount per day times the days paid (week: 7 days a week). tax_table_type hei (丙欄) only with day, week or days.',
  additionalProperties: false,
  required: ['unit'],
  properties: {
    unit: {
      type: 'string',
      enum: ['month', 'half_month', 'ten_days', 'months', 'day', 'week', 'days'],
      description: 'The pay period: a month, half a month, ten days (毎旬), count months, a day, count weeks or count days.',
      examples: ['week'],
    },
    count: {
      type: 'integer',
      minimum: 1,
      maximum: 366,
      default: 1,
      description: 'Months (months), weeks (week) or days (days) one payment covers; 1 for month, half_month, ten_days and day.',
      examples: [1],
    },
  },
  if: { properties: { unit: { enum: [...SINGLE_UNITS] } } },
  then: {
    properties: { count: { const: 1, errorMessage: `must be 1 for unit ${SINGLE_UNITS.join(', ')} (several: months, week or days).` } },
  },
  examples: [{ unit: 'week', count: 1 }],
} as const;
