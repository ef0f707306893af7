/**
 * Shared by the statutory table tests: the loaded masters, the fixture CSVs (verbatim copies of the
 * published-table extractions) and the interpreter expressions the tests evaluate. Every lookup goes
 * THROUGH the operators (compiled json-logic), never through the master objects directly.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Decimal } from '../../engine/decimal.ts';
import { compileExpression } from '../../engine/logic/compile.ts';
import { serializeValue } from '../../engine/logic/serialize.ts';
import { loadMasters } from '../../engine/masters/load.ts';
import type { BonusTaxTable, MonthlyTaxTable } from '../../engine/masters/types.ts';

export const D = (v: string | number) => new Decimal(String(v));

const MASTERS_DIR = fileURLToPath(new URL('../../masters', import.meta.url));
const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/statutory/income_tax', import.meta.url));

let masters: ReturnType<typeof loadMasters> | undefined;
export function getMasters() {
  masters ??= loadMasters(MASTERS_DIR);
  return masters;
}

export const MONTHLY_ID = 'nta-withholding-monthly';
export const BONUS_ID = 'nta-withholding-bonus';

export function monthlyTable(version: string): MonthlyTaxTable {
  const t = getMasters().all('income_tax_monthly_table').find((r) => r.id === MONTHLY_ID && r.version === version);
  if (!t) throw new Error(`no monthly table ${MONTHLY_ID} ${version}`);
  return t;
}

export function bonusTable(version: string): BonusTaxTable {
  const t = getMasters().all('income_tax_bonus_table').find((r) => r.id === BONUS_ID && r.version === version);
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

/** The expressions a rule would write, compiled once. */
const monthlyEv = compileExpression({ monthly_withholding: [{ var: 'table' }, { var: 'amount' }, { var: 'column' }, { var: 'dependents' }] }, 'test/tables monthly');
const flooredEv = compileExpression({ round: ['floor_yen', { var: 'r.tax' }] }, 'test/tables floor');
const bonusEv = compileExpression({ bonus_withholding_rate: [{ var: 'table' }, { var: 'p' }, { var: 'column' }, { var: 'dependents' }] }, 'test/tables bonus');

export interface MonthlyOut {
  method: string;
  tax: string; // raw tax, plain decimal string
  floored: number; // floor_yen of the raw tax
  json: Record<string, unknown>;
}

export function monthly(table: MonthlyTaxTable, amount: Decimal | number | string, column: 'kou' | 'otsu', dependents: number | null): MonthlyOut {
  const r = monthlyEv({ table, amount: D(String(amount)), column, dependents: dependents === null ? null : D(dependents) }) as Record<string, Decimal>;
  return {
    method: r.method as unknown as string,
    tax: r.tax.toFixed(),
    floored: (flooredEv({ r }) as Decimal).toNumber(),
    json: serializeValue(r) as Record<string, unknown>,
  };
}

export function bonus(table: BonusTaxTable, p: Decimal | number, column: 'kou' | 'otsu', dependents: number | null): Record<string, unknown> {
  return serializeValue(bonusEv({ table, p: D(String(p)), column, dependents: dependents === null ? null : D(dependents) })) as Record<string, unknown>;
}
