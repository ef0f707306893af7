/** The NTA monthly withholding table (月額表): its row table, the rules around it left to fill. */
import { yenCell } from '../csv.ts';
import { toFill } from '../placeholder.ts';
import { importedMaster, line, tableYear, type ImportKind } from './shared.ts';

const MONTHLY_COLUMNS = ['lower_incl', 'upper_excl', 'kou_0', 'kou_1', 'kou_2', 'kou_3', 'kou_4', 'kou_5', 'kou_6', 'kou_7', 'otsu'] as const;

export const withholdingMonthly: ImportKind = {
  description: 'NTA 月額表 row table (monthly_YYYY.csv): 105,000 <= A < 740,000, kou 0-7 dependents and otsu',
  columns: MONTHLY_COLUMNS,
  build(rows, file, options) {
    const year = tableYear(file, options);
    return importedMaster(
      'income_tax/monthly',
      { kind: 'income_tax_monthly_table', id: 'nta-withholding-monthly', version: `${year}-01`, from: `${year}-01-01`, to: `${year}-12-31`, basis: 'payment_date' },
      {
        kou_below_table: toFill('{upper_excl, tax} of the 「未満」 row'),
        otsu_below_table: toFill('{upper_excl, rate} of the 乙欄 「未満」 row'),
        kou_brackets: toFill('the 甲欄 brackets from 740,000 yen: [{from, upto, rate, base_by_dependents}]'),
        otsu_brackets: toFill('the 乙欄 brackets from 740,000 yen: [{from, upto, rate, base}]'),
        per_extra_dependent_deduction: toFill('yen per dependant above seven'),
        otsu_secondary_declaration_deduction: toFill('yen per declared dependant (乙欄)'),
        columns: [...MONTHLY_COLUMNS],
        rows: rows.map((r, i) => MONTHLY_COLUMNS.map((c) => yenCell(r, c, line(i), file))),
      },
      ['the row table is imported; the rules outside it (below-table rows, 740,000+ brackets, deductions) are in the same NTA document'],
    );
  },
};
