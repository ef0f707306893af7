/**
 * Every cell of the 2025 (masters 2020-01), 2026 and 2027 monthly tables, through monthly_withholding on
 * the loaded masters, against the fixture CSVs: each row at its lower bound and at upper - 1, all nine
 * columns (kou_0..kou_7 and otsu).
 */
import { describe, expect, it } from 'vitest';
import { KOU_COLUMNS, monthly, monthlyTable, readCsv } from './helpers.ts';

const YEARS = [
  { year: 2025, version: '2020-01', csv: 'monthly_2025.csv', rows: 245, first: 88000 },
  { year: 2026, version: '2026-01', csv: 'monthly_2026.csv', rows: 231, first: 105000 },
  { year: 2027, version: '2027-01', csv: 'monthly_2027.csv', rows: 228, first: 111000 },
];

describe.each(YEARS)('monthly table $year (masters $version): every row cell', ({ version, csv, rows, first }) => {
  const records = readCsv(csv);
  const table = monthlyTable(version);

  it('the fixture has the expected shape (rows, first and last bound)', () => {
    expect(records.length).toBe(rows);
    expect(Number(records[0].lower_incl)).toBe(first);
    expect(Number(records[records.length - 1].upper_excl)).toBe(740000);
  });

  it.each([...KOU_COLUMNS.map((c, n) => [c, 'kou', n] as const), ['otsu', 'otsu', null] as const])(
    'column %s: every row at lower and upper - 1',
    (col, column, dependents) => {
      let checked = 0;
      records.forEach((rec, i) => {
        const lower = Number(rec.lower_incl);
        const upper = Number(rec.upper_excl);
        for (const a of [lower, upper - 1]) {
          const r = monthly(table, a, column, dependents);
          expect(r.json, `${csv} row ${i + 1} ${col} at ${a}`).toEqual({
            method: 'row',
            tax: Number(rec[col]),
            tax_table_type: column,
            monthly_taxable_amount: a,
            dependent_count: dependents,
            row_index: i + 1,
            taxable_from: lower,
            taxable_to: upper,
            base_tax_amount: Number(rec[col]),
            rate: null,
            excess_amount: null,
          });
          expect(r.floored).toBe(Number(rec[col])); // a printed amount needs no rounding
          checked++;
        }
      });
      expect(checked).toBe(rows * 2);
    },
  );

  it('fractional amounts inside a row (upper - 0.01) still hit the row', () => {
    for (const rec of records) {
      const a = `${Number(rec.upper_excl) - 1}.99`;
      expect(monthly(table, a, 'kou', 0).json.tax).toBe(Number(rec.kou_0));
      expect(monthly(table, a, 'otsu', null).json.tax).toBe(Number(rec.otsu));
    }
  });

  it('just below the first row leaves the row table; 740,000 enters the brackets', () => {
    expect(monthly(table, first - 1, 'kou', 0).method).toBe('below_table');
    expect(monthly(table, first - 1, 'otsu', null).method).toBe('below_table');
    expect(monthly(table, 740000, 'kou', 0).method).toBe('bracket');
    expect(monthly(table, 740000, 'otsu', null).method).toBe('bracket');
  });
});
