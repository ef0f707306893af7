/**
 * Shared by the statutory table tests: the loaded masters, the fixture CSVs (verbatim copies of the
 * published-table extractions) and the rules the tests evaluate. Every lookup goes THROUGH the live rule
 * files (income_tax.monthly_bracket_lookup.v1 and the bonus rule's table lookup, compiled json-logic over
 * the generic range_lookup / bracket_formula operators), never through the master objects directly.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Decimal } from '../../engine/decimal.ts';
import { compileExpression } from '../../engine/logic/compile.ts';
import { serializeValue } from '../../engine/logic/serialize.ts';
import { loadMasters } from '../../engine/loading/masters/load.ts';
import { evaluateRule } from '../../engine/calculating/run.ts';
import { loadRules } from '../../engine/loading/rules/load.ts';
import type { BonusTaxTable, MonthlyTaxTable } from '../../engine/loading/masters/types.ts';

export const D = (v: string | number) => new Decimal(String(v));

const MASTERS_DIR = fileURLToPath(new URL('../../masters', import.meta.url));
const RULES_DIR = fileURLToPath(new URL('../../rules', import.meta.url));
const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/statutory/income_tax', import.meta.url));

let masters: ReturnType<typeof loadMasters> | undefined;
export function getMasters() {
  masters ??= loadMasters(MASTERS_DIR);
  return masters;
}

export const MONTHLY_ID = 'nta-withholding-monthly';
export const BONUS_ID = 'nta-withholding-bonus';

export function monthlyTable(version: string): MonthlyTaxTable {
  const t = getMasters()
    .all('income_tax_monthly_table')
    .find((r) => r.id === MONTHLY_ID && r.version === version);
  if (!t) throw new Error(`no monthly table ${MONTHLY_ID} ${version}`);
  return t;
}

export function bonusTable(version: string): BonusTaxTable {
  const t = getMasters()
    .all('income_tax_bonus_table')
    .find((r) => r.id === BONUS_ID && r.version === version);
  if (!t) throw new Error(`no bonus table ${BONUS_ID} ${version}`);
  return t;
}

/** A fixture CSV as records keyed by the header (all values strings; '' for blank). */
export function readCsv(name: string): Record<string, string>[] {
  const text = readFileSync(`${FIXTURES_DIR}/${name}`, 'utf8').trim();
  const [head, ...lines] = text.split(/\r?\n/);
  const cols = head.split(',');
  return lines.map((l) => {
    const cells = l.split(',');
    if (cells.length !== cols.length) throw new Error(`${name}: bad line ${l}`);
    return Object.fromEntries(cols.map((c, i) => [c, cells[i]]));
  });
}

export const KOU_COLUMNS = ['kou_0', 'kou_1', 'kou_2', 'kou_3', 'kou_4', 'kou_5', 'kou_6', 'kou_7'] as const;

let rules: ReturnType<typeof loadRules>['rules'] | undefined;
function rule(code: string) {
  rules ??= loadRules(RULES_DIR).rules;
  const r = rules.registry.all().find((x) => x.doc.formula_code === code);
  if (!r) throw new Error(`no rule ${code}`);
  return r;
}

/** The bonus rule's band lookup (its `lookup` binding), evaluated alone over the rule's own scope. */
const bonusLookupEv = (() => {
  const r = rule('income_tax.bonus_table_lookup.v1');
  const expr = (r.doc.bindings as Record<string, { if: unknown[] }>).lookup.if[1];
  return compileExpression({ if: [true, expr, null] }, 'test/tables bonus');
})();

export interface MonthlyOut {
  method: string;
  tax: string; // raw tax, plain decimal string
  floored: number; // floor_yen of the raw tax
  json: Record<string, unknown>;
}

/** The monthly rule over one amount: the trace's lookup fields, the raw tax and the rounded result. */
export function monthly(
  table: MonthlyTaxTable,
  amount: Decimal | number | string,
  column: 'kou' | 'otsu',
  dependents: number | null,
): MonthlyOut {
  const ctx = {
    amounts: { income_tax_basis_amount: D(String(amount)) },
    employee: { tax_table_type: column, tax_dependent_count: dependents === null ? null : D(dependents) },
    masters: { income_tax_monthly: table },
  };
  const { scope, result } = evaluateRule(rule('income_tax.monthly_bracket_lookup.v1'), ctx as never);
  const lookup = scope.lookup as Record<string, Decimal>;
  const fields = {
    ...lookup,
    tax_table_type: column,
    monthly_taxable_amount: scope.monthly_taxable_amount,
    dependent_count: scope.dependent_count,
    tax: scope.tax,
  };
  return {
    method: lookup.method as unknown as string,
    tax: (scope.tax as Decimal).toFixed(),
    floored: (result as Decimal).toNumber(),
    json: serializeValue(fields as never) as Record<string, unknown>,
  };
}

export function bonus(
  table: BonusTaxTable,
  p: Decimal | number,
  column: 'kou' | 'otsu',
  dependents: number | null,
): Record<string, unknown> {
  const scope = {
    bonus_table: table,
    previous_month_taxable_amount: D(String(p)),
    tax_table_type: column,
    tax_dependent_count: dependents === null ? null : D(dependents),
    _kou: column === 'kou',
  };
  return serializeValue(bonusLookupEv(scope)) as Record<string, unknown>;
}
