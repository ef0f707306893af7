/**
 * income_tax_daily_table: 日額表, the monthly table's layout with its 丙 column (rows, below-table rules and
 * formulas per column, each formula marked with its confidence). A version known to apply but not
 * available in full is `status: not_imported` and holds no table: a calculation needing it gets the
 * range convention's error (docs/statutory-data.md, "Daily table").
 */
import { fileSchema, textOrNull } from './common.ts';
import { INCOME_TAX_MONTHLY_COLUMNS, WITHHOLDING_TABLE_FIELDS, withholdingTableProperties } from './income-tax-monthly.ts';

export const INCOME_TAX_DAILY_COLUMNS = [...INCOME_TAX_MONTHLY_COLUMNS, 'hei'] as const;

const mark = { enum: ['confirmed', 'one_source', 'knowledge_only'] };
// what an imported version holds and a not_imported one does not; the API's dependents limit is the
// monthly table's (engine/masters/input-limits.ts)
const tableFields = [
  ...WITHHOLDING_TABLE_FIELDS.filter((f) => f !== 'range_convention' && f !== 'tax_dependent_count_max'),
  'hei_below_table',
  'hei_brackets',
];
const declared = Object.fromEntries(tableFields.map((f) => [f, true])); // (AJV's strictRequired: declared where required)
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- left out: see tableFields
const { tax_dependent_count_max, ...properties } = withholdingTableProperties(INCOME_TAX_DAILY_COLUMNS, mark);

export const incomeTaxDailySchema = {
  ...fileSchema('income_tax_daily_table', true, ['range_convention', 'status', 'missing_reason'], {
    ...properties,
    hei_below_table: properties.kou_below_table,
    hei_brackets: properties.otsu_brackets,
    status: { enum: ['imported', 'not_imported'] },
    missing_reason: textOrNull,
  }),
  if: { properties: { status: { const: 'imported' } } },
  then: { required: tableFields, properties: declared },
  else: {
    not: { anyOf: tableFields.map((f) => ({ required: [f], properties: { [f]: true } })) },
    errorMessage: `a not_imported version holds no table (none of ${tableFields.join(', ')}): import it with status imported`,
  },
};
