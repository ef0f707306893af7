/**
 * bonus_withholding_rate — [table, P, column, dependents] -> { rate, row_index, lower, upper } from the
 * bonus rate table (賞与に対する源泉徴収税額の算出率の表): the band lower <= P < upper (upper null = open)
 * of the column (kou: by dependents, 7 meaning "7 or more"; otsu: one column). row_index is 1-based
 * within the column's bands. Why: the bonus income_tax step under `standard`.
 * A table with status not_imported (the 2027 placeholder), a missing table, or no band ->
 * EngineError income_tax_lookup_failed naming the table id and version.
 */
import { Decimal } from '../../decimal.ts';
import { EngineError } from '../../errors.ts';
import type { BonusRateBand, BonusTaxTable } from '../../masters/types.ts';
import type { OperatorDef, Value } from '../types.ts';
import { describe, requireDecimal, isDecimal } from '../values.ts';

export interface BonusRateResult {
  [key: string]: Value;
  rate: Decimal;
  row_index: Decimal;
  lower: Decimal;
  upper: Decimal | null;
}

function fail(message: string): never {
  throw new EngineError('income_tax_lookup_failed', message);
}

export function bonusWithholdingRate(table: BonusTaxTable | null | undefined, P: Decimal, column: unknown, dependents: unknown): BonusRateResult {
  if (!table || typeof table !== 'object') fail('bonus withholding table missing (no table resolved)');
  const name = `bonus withholding table ${table.id} version ${table.version}`;
  if (table.status === 'not_imported') {
    fail(`${name} (effective from ${table.effective_from}) is not imported: ${table.missing_reason ?? 'no reason recorded'}`);
  }
  let bands: BonusRateBand[] | null | undefined;
  let label: string;
  if (column === 'kou') {
    if (!isDecimal(dependents) || !(dependents as Decimal).isInteger() || (dependents as Decimal).isNegative()) {
      fail(`${name}: dependent count must be an integer >= 0, got ${describe(dependents)}`);
    }
    const n = Math.min((dependents as Decimal).toNumber(), 7);
    bands = table.kou?.[n];
    label = `column kou, ${n}${n === 7 ? ' or more' : ''} dependents`;
  } else if (column === 'otsu') {
    bands = table.otsu;
    label = 'column otsu';
  } else {
    fail(`${name}: unknown column ${describe(column)} (kou or otsu)`);
  }
  if (!Array.isArray(bands) || bands.length === 0) fail(`${name}: no bands for ${label}`);
  for (let i = 0; i < bands.length; i++) {
    const b = bands[i];
    if (b.lower.lte(P) && (b.upper === null || P.lt(b.upper))) {
      return { rate: b.rate, row_index: new Decimal(i + 1), lower: b.lower, upper: b.upper };
    }
  }
  fail(`${name}: no band of ${label} contains the previous month's amount ${P.toFixed()}`);
}

export const bonusWithholdingRateOperator: OperatorDef = {
  names: ['bonus_withholding_rate'],
  arity: [4, 4],
  compile([tableEv, pEv, columnEv, depEv], _raw, ctx) {
    const where = ctx.where;
    return (scope) => {
      const table = tableEv(scope) as unknown as BonusTaxTable | null;
      const P = requireDecimal('bonus_withholding_rate', where, pEv(scope), 2);
      return bonusWithholdingRate(table, P, columnEv(scope), depEv(scope));
    };
  },
};
