/** income_tax_monthly_table: 月額表 rows (compact arrays), below-table rules and the 740,000+ brackets. */
import { fileSchema, rangeConvention, rate, yen, yenOrNull } from './common.ts';

/**
 * The 月額表 row layout, in its printed order: the file's `columns` must be exactly this, and the
 * import (tools/masters-import) reads a CSV of these columns, so a new layout is changed here once.
 */
export const INCOME_TAX_MONTHLY_COLUMNS = [
  'lower_incl',
  'upper_excl',
  'kou_0',
  'kou_1',
  'kou_2',
  'kou_3',
  'kou_4',
  'kou_5',
  'kou_6',
  'kou_7',
  'otsu',
] as const;

/** The fields of a withholding table read by bracket_formula (the daily table has these and its 丙 column). */
export const WITHHOLDING_TABLE_FIELDS = [
  'range_convention',
  'kou_below_table',
  'otsu_below_table',
  'kou_brackets',
  'otsu_brackets',
  'per_extra_dependent_deduction',
  'tax_dependent_count_max',
  'otsu_secondary_declaration_deduction',
  'columns',
  'rows',
];

const belowTable = {
  type: 'object',
  additionalProperties: false,
  required: ['upper_excl', 'tax'],
  properties: { upper_excl: yen, tax: yen },
};

/** `mark`: the bracket's confidence mark, required where a table's formulas are not all confirmed (the daily table). */
export function withholdingTableProperties(columns: readonly string[], mark?: object) {
  const marks = mark ? { confidence: mark } : {};
  const marked = mark ? ['confidence'] : [];
  return {
    range_convention: rangeConvention,
    kou_below_table: belowTable,
    otsu_below_table: {
      type: 'object',
      additionalProperties: false,
      required: ['upper_excl', 'rate'],
      properties: { upper_excl: yen, rate },
    },
    kou_brackets: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'upto', 'rate', 'base_by_dependents', ...marked],
        properties: {
          from: yen,
          upto: yenOrNull,
          rate,
          base_by_dependents: { type: 'array', items: yen, minItems: 8, maxItems: 8 },
          ...marks,
        },
      },
    },
    otsu_brackets: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'upto', 'rate', 'base', ...marked],
        properties: { from: yen, upto: yenOrNull, rate, base: yen, ...marks },
      },
    },
    per_extra_dependent_deduction: yenOrNull,
    /** The API's input limit for tax_dependent_count (engine/loading/masters/input-limits.ts); at least the printed 7. */
    tax_dependent_count_max: { type: 'integer', minimum: 7, maximum: 999 },
    otsu_secondary_declaration_deduction: yenOrNull,
    columns: { const: [...columns] },
    rows: { type: 'array', minItems: 1, items: { type: 'array', items: yen, minItems: columns.length, maxItems: columns.length } },
  };
}

export const incomeTaxMonthlySchema = fileSchema(
  'income_tax_monthly_table',
  true,
  WITHHOLDING_TABLE_FIELDS,
  withholdingTableProperties(INCOME_TAX_MONTHLY_COLUMNS),
);
