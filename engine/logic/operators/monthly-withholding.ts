/**
 * monthly_withholding — [table, A, column, dependents] -> the monthly-table (月額表) withholding tax
 * for A = income_tax_basis_amount. Why: the income_tax step of monthly payroll, the income-tax
 * simulation and the bonus monthly-table method (spec "Withholding income tax in monthly payroll").
 *
 *  - rows: lower <= A < upper -> the printed amount (kou_N or otsu); method 'row', row_index 1-based;
 *  - kou below the first row (A < kou_below_table.upper_excl) -> kou_below_table.tax (0);
 *  - otsu below the first row -> A x otsu_below_table.rate (3.063 %), raw; excess_amount = A - 0;
 *  - A in a bracket from <= A < upto (740,000 and over): kou base_by_dependents[n] + (A - from) x rate,
 *    otsu base + (A - from) x rate; method 'bracket', dependent_count null (the spec's trace says so).
 * The tax is raw (unrounded); the rule rounds formula results with floor_yen. Otsu ignores dependents.
 * Missing table, negative A, dependents outside 0..7 or no matching row/bracket ->
 * EngineError income_tax_lookup_failed naming the table id and version.
 */
import { Decimal, ZERO } from '../../decimal.ts';
import { EngineError } from '../../errors.ts';
import type { MonthlyTaxTable } from '../../masters/types.ts';
import type { OperatorDef, Value } from '../types.ts';
import { describe, requireDecimal, isDecimal } from '../values.ts';

export interface MonthlyWithholdingResult {
  [key: string]: Value;
  method: 'row' | 'below_table' | 'bracket';
  tax: Decimal;
  tax_table_type: 'kou' | 'otsu';
  monthly_taxable_amount: Decimal;
  dependent_count: Decimal | null;
  row_index: Decimal | null;
  taxable_from: Decimal;
  taxable_to: Decimal | null;
  base_tax_amount: Decimal;
  rate: Decimal | null;
  excess_amount: Decimal | null;
}

function tableName(t: MonthlyTaxTable): string {
  return `monthly withholding table ${t.id} version ${t.version}`;
}

function fail(message: string): never {
  throw new EngineError('income_tax_lookup_failed', message);
}

/** The dependents count as an integer 0..7, or an EngineError naming the table. */
function dependentsIndex(t: MonthlyTaxTable, dependents: unknown): number {
  if (!isDecimal(dependents) || !(dependents as Decimal).isInteger()) {
    fail(`${tableName(t)}: dependent count must be an integer 0-7, got ${describe(dependents)}`);
  }
  const n = (dependents as Decimal).toNumber();
  if (n < 0 || n > 7) fail(`${tableName(t)}: dependent count ${n} is outside 0-7 (not supported)`);
  return n;
}

export function monthlyWithholding(table: MonthlyTaxTable | null | undefined, A: Decimal, column: unknown, dependents: unknown): MonthlyWithholdingResult {
  if (!table || typeof table !== 'object' || !Array.isArray(table.rows)) fail('monthly withholding table missing (no table resolved)');
  if (column !== 'kou' && column !== 'otsu') fail(`${tableName(table)}: unknown column ${describe(column)} (kou or otsu)`);
  if (A.isNegative() && !A.isZero()) fail(`${tableName(table)}: amount ${A.toFixed()} is negative`);
  const kou = column === 'kou';
  const n = kou ? dependentsIndex(table, dependents) : -1;
  const depCount = kou ? new Decimal(n) : null;
  const base = { tax_table_type: column, monthly_taxable_amount: A } as const;

  // below the row table
  if (kou) {
    if (table.kou_below_table && A.lt(table.kou_below_table.upper_excl)) {
      const tax = table.kou_below_table.tax;
      return {
        method: 'below_table', tax, ...base, dependent_count: depCount, row_index: null,
        taxable_from: ZERO, taxable_to: table.kou_below_table.upper_excl, base_tax_amount: tax, rate: null, excess_amount: null,
      };
    }
  } else if (table.otsu_below_table && A.lt(table.otsu_below_table.upper_excl)) {
    const rate = table.otsu_below_table.rate;
    return {
      method: 'below_table', tax: A.times(rate), ...base, dependent_count: null, row_index: null,
      taxable_from: ZERO, taxable_to: table.otsu_below_table.upper_excl, base_tax_amount: ZERO, rate, excess_amount: A,
    };
  }

  // the row table: last row with lower <= A, then A < upper
  const rows = table.rows;
  let lo = 0;
  let hi = rows.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].lower.lte(A)) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found >= 0 && A.lt(rows[found].upper)) {
    const row = rows[found];
    const tax = kou ? row.kou[n] : row.otsu;
    if (tax === undefined || tax === null) fail(`${tableName(table)}: row ${found + 1} has no ${column} amount for ${n} dependents`);
    return {
      method: 'row', tax, ...base, dependent_count: depCount, row_index: new Decimal(found + 1),
      taxable_from: row.lower, taxable_to: row.upper, base_tax_amount: tax, rate: null, excess_amount: null,
    };
  }

  // the brackets (740,000 yen and over)
  const brackets = kou ? table.kou_brackets : table.otsu_brackets;
  for (const b of brackets ?? []) {
    if (b.from.lte(A) && (b.upto === null || A.lt(b.upto))) {
      const baseTax = kou ? (b as MonthlyTaxTable['kou_brackets'][number]).base_by_dependents[n] : (b as MonthlyTaxTable['otsu_brackets'][number]).base;
      if (baseTax === undefined || baseTax === null) fail(`${tableName(table)}: bracket from ${b.from.toFixed()} has no ${column} base amount for ${n} dependents`);
      const excess = A.minus(b.from);
      return {
        method: 'bracket', tax: baseTax.plus(excess.times(b.rate)), ...base, dependent_count: null, row_index: null,
        taxable_from: b.from, taxable_to: b.upto, base_tax_amount: baseTax, rate: b.rate, excess_amount: excess,
      };
    }
  }
  fail(`${tableName(table)}: no row or bracket of column ${column} contains the amount ${A.toFixed()}`);
}

export const monthlyWithholdingOperator: OperatorDef = {
  names: ['monthly_withholding'],
  arity: [4, 4],
  compile([tableEv, amountEv, columnEv, depEv], _raw, ctx) {
    const where = ctx.where;
    return (scope) => {
      const table = tableEv(scope) as unknown as MonthlyTaxTable | null;
      const A = requireDecimal('monthly_withholding', where, amountEv(scope), 2);
      return monthlyWithholding(table, A, columnEv(scope), depEv(scope));
    };
  },
};
