/** The NTA bonus withholding rate table (賞与に対する源泉徴収税額の算出率の表): bands per column and dependents. */
import { ImportError, yenCell, yenOrEmpty, type CsvRow } from '../csv.ts';
import { percentToRate } from '../rates.ts';
import { toFill } from '../placeholder.ts';
import { importedMaster, line, tableYear, type ImportKind } from './shared.ts';

export const withholdingBonus: ImportKind = {
  description: 'NTA 賞与に対する源泉徴収税額の算出率の表 (bonus_YYYY.csv): bands per column and dependents, rates in percent',
  columns: ['column', 'dependents', 'rate_percent', 'lower_incl_yen', 'upper_excl_yen'],
  textColumns: ['column'],
  build(rows, file, options) {
    const year = tableYear(file, options);
    const band = (r: CsvRow, i: number) => [
      yenCell(r, 'lower_incl_yen', line(i), file),
      yenOrEmpty(r, 'upper_excl_yen', line(i), file),
      percentToRate(r, 'rate_percent', line(i), file),
    ];
    const kou = new Map<number, unknown[][]>();
    const otsu: unknown[][] = [];
    rows.forEach((r, i) => {
      if (r.column === 'otsu') otsu.push(band(r, i));
      else if (r.column === 'kou') {
        const n = yenCell(r, 'dependents', line(i), file);
        kou.set(n, [...(kou.get(n) ?? []), band(r, i)]);
      } else throw new ImportError(`${file} line ${line(i)} column: "${r.column}" is neither kou nor otsu`);
    });
    return importedMaster(
      'income_tax/bonus',
      {
        kind: 'income_tax_bonus_table',
        id: 'nta-withholding-bonus',
        version: `${year}-01`,
        from: `${year}-01-01`,
        to: null,
        basis: 'payment_date',
      },
      {
        range_convention: toFill('how the bands are read, e.g. {bounds: [lower, upper], upper_end: exclusive, ...}'),
        monthly_table_method: toFill('{ten_times_rule_multiple, bonus_period_months} of 備考4'),
        status: 'imported',
        missing_reason: null,
        kou: [...kou.entries()].sort(([a], [b]) => a - b).map(([dependents, bands]) => ({ dependents, bands })),
        otsu,
      },
      ['rates converted from percent to fractions exactly (2.042 -> "0.02042")'],
    );
  },
};
