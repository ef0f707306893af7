/** The NTA monthly withholding table (月額表): its row table, the rules around it left to fill. */
import { INCOME_TAX_MONTHLY_COLUMNS } from '../../../engine/tooling.ts';
import { yenCell } from '../csv.ts';
import { toFill } from '../placeholder.ts';
import { fieldPlaceholder, type UniformField } from '../uniform.ts';
import { importedMaster, line, tableYear, type ImportKind } from './shared.ts';

const UNIFORM: UniformField[] = [
  { name: 'per_extra_dependent_deduction', scope: 'top', type: 'yen', what: 'yen per dependant above seven' },
  {
    name: 'otsu_secondary_declaration_deduction',
    scope: 'top',
    type: 'yen',
    nullable: true,
    what: 'yen per declared dependant (乙欄), null if not published',
  },
];

/** The below-table rows end where the row table starts: their upper bound is the first row's lower bound. */
const BELOW_TABLE = ['kou_below_table', 'otsu_below_table'];

export const withholdingMonthly: ImportKind = {
  description: 'NTA 月額表 row table (monthly_YYYY.csv): 105,000 <= A < 740,000, kou 0-7 dependents and otsu',
  // the CSV's columns are the master's row columns, as the master schema fixes them
  columns: INCOME_TAX_MONTHLY_COLUMNS,
  textColumns: [],
  uniform: UNIFORM,
  build(rows, file, options) {
    const year = tableYear(file, options);
    return importedMaster(
      'income_tax/monthly',
      // open-ended: the newest table stays in force until the next one is imported (decisions.md section 5)
      {
        kind: 'income_tax_monthly_table',
        id: 'nta-withholding-monthly',
        version: `${year}-01`,
        from: `${year}-01-01`,
        to: null,
        basis: 'payment_date',
      },
      {
        range_convention: toFill('how the rows are read, e.g. {upper_end: exclusive, outside: error, ...}'),
        kou_below_table: toFill('{upper_excl, tax} of the 「未満」 row'),
        otsu_below_table: toFill('{upper_excl, rate} of the 乙欄 「未満」 row'),
        kou_brackets: toFill('the 甲欄 brackets from 740,000 yen: [{from, upto, rate, base_by_dependents}]'),
        otsu_brackets: toFill('the 乙欄 brackets from 740,000 yen: [{from, upto, rate, base}]'),
        ...Object.fromEntries(UNIFORM.map((f) => [f.name, fieldPlaceholder(f)])),
        tax_dependent_count_max: toFill('the most dependants the API accepts (a service bound)'),
        columns: [...INCOME_TAX_MONTHLY_COLUMNS],
        rows: rows.map((r, i) => INCOME_TAX_MONTHLY_COLUMNS.map((c) => yenCell(r, c, line(i), file))),
      },
      ['the row table is imported; the rules outside it (below-table rows, 740,000+ brackets, deductions) are in the same NTA document'],
    );
  },
  afterCarry(doc) {
    const start = (doc.rows as number[][])[0][0];
    const notes: string[] = [];
    for (const key of BELOW_TABLE) {
      const below = doc[key];
      if (below && typeof below === 'object' && 'upper_excl' in below) {
        (below as { upper_excl: number }).upper_excl = start;
        notes.push(`${key}.upper_excl = ${start}, the first row's lower bound`);
      }
    }
    return notes;
  },
};
