/** income_tax_bonus_table: 算出率の表 bands [lower_incl, upper_excl|null, rate] per dependents 0..7 and 乙. */
import { fileSchema, rangeConvention, rate, textOrNull, yen, yenOrNull } from './common.ts';

const band = { type: 'array', prefixItems: [yen, yenOrNull, rate], items: false, minItems: 3 } as const;
const bands = { type: 'array', minItems: 1, items: band } as const;

export const incomeTaxBonusSchema = fileSchema(
  'income_tax_bonus_table',
  true,
  ['range_convention', 'monthly_table_method', 'status', 'missing_reason', 'kou', 'otsu'],
  {
    /** not_imported: the table applies from effective_from but its data is missing (kou/otsu null, reason given). */
    range_convention: rangeConvention,
    /** The table's own fallback (its legal basis is the record's source): when the table is not used, and the months a bonus is spread over (monthly-table method). */
    monthly_table_method: {
      type: 'object',
      additionalProperties: false,
      required: ['ten_times_rule_multiple', 'bonus_period_months'],
      properties: { ten_times_rule_multiple: { type: 'integer', minimum: 1 }, bonus_period_months: { type: 'integer', minimum: 1 } },
    },
    status: { enum: ['imported', 'not_imported'] },
    missing_reason: textOrNull,
    kou: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['dependents', 'bands'],
        properties: { dependents: { type: 'integer', minimum: 0, maximum: 7 }, bands },
      },
    },
    otsu: { type: ['array', 'null'], minItems: 1, items: band },
  },
);
