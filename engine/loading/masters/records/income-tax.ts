/** Builds the three income tax kinds; every amount and rate becomes a Decimal here, once, at load. */
import { keptDecimal } from '../../../decimal.ts';
import type { AmountTier, BonusRateBand, BonusTaxTable, ComputerSpecialTable, MonthlyTaxTable } from '../types.ts';
import type { RangeRow } from '../range-table.ts';
import { meta, type Built, type Raw } from './envelope.ts';
import { rangeTable } from './range-table.ts';

const dec = keptDecimal;
const decOrNull = (v: unknown) => (v === null || v === undefined ? null : keptDecimal(v));

export function buildMonthly(raw: Raw, file: string): Built<MonthlyTaxTable>[] {
  const record: MonthlyTaxTable = {
    ...meta(raw, file, raw.id),
    kind: 'income_tax_monthly_table',
    rows: (raw.rows as number[][]).map((r) => ({ lower: dec(r[0]), upper: dec(r[1]), kou: r.slice(2, 10).map(dec), otsu: dec(r[10]) })),
    kou_below_table: { upper_excl: dec(raw.kou_below_table.upper_excl), tax: dec(raw.kou_below_table.tax) },
    otsu_below_table: { upper_excl: dec(raw.otsu_below_table.upper_excl), rate: dec(raw.otsu_below_table.rate) },
    kou_brackets: (raw.kou_brackets as Raw[]).map((b) => ({
      from: dec(b.from),
      upto: decOrNull(b.upto),
      rate: dec(b.rate),
      base_by_dependents: (b.base_by_dependents as number[]).map(dec),
    })),
    otsu_brackets: (raw.otsu_brackets as Raw[]).map((b) => ({
      from: dec(b.from),
      upto: decOrNull(b.upto),
      rate: dec(b.rate),
      base: dec(b.base),
    })),
    per_extra_dependent_deduction: decOrNull(raw.per_extra_dependent_deduction),
    tax_dependent_count_max: raw.tax_dependent_count_max as number,
    otsu_secondary_declaration_deduction: decOrNull(raw.otsu_secondary_declaration_deduction),
  };
  record.kou_last_dependents_column = record.rows[0].kou.length - 1;
  record.withholding_table = monthlyBracketTable(raw, record);
  return [{ record, pointer: '' }];
}

/**
 * The whole monthly table as one bracket table per column (kou, otsu): the file's below-table rule,
 * its rows and its formulas become rows {from, to, method, row_index, base, rate}, so one rule reads
 * them all with bracket_formula (base + (A - from) x rate; rate null = the printed amount). Only the
 * layout is translated here; every amount and rate is the file's.
 */
function monthlyBracketTable(raw: Raw, t: MonthlyTaxTable) {
  const kouWidth = t.rows[0].kou.length;
  const zero = dec(0);
  const kou: RangeRow[] = [
    {
      from: zero,
      to: t.kou_below_table.upper_excl,
      method: 'below_table',
      row_index: null,
      base: Array(kouWidth).fill(t.kou_below_table.tax),
      rate: null,
    },
    ...t.rows.map((r, i) => ({ from: r.lower, to: r.upper, method: 'row', row_index: dec(i + 1), base: r.kou, rate: null })),
    ...t.kou_brackets.map((b) => ({
      from: b.from,
      to: b.upto,
      method: 'bracket',
      row_index: null,
      base: b.base_by_dependents,
      rate: b.rate,
    })),
  ];
  const otsu: RangeRow[] = [
    { from: zero, to: t.otsu_below_table.upper_excl, method: 'below_table', row_index: null, base: zero, rate: t.otsu_below_table.rate },
    ...t.rows.map((r, i) => ({ from: r.lower, to: r.upper, method: 'row', row_index: dec(i + 1), base: r.otsu, rate: null })),
    ...t.otsu_brackets.map((b) => ({ from: b.from, to: b.upto, method: 'bracket', row_index: null, base: b.base, rate: b.rate })),
  ];
  return rangeTable(raw, 'monthly withholding table', { columns: { kou, otsu } });
}

const band = (b: [number, number | null, string]): BonusRateBand => ({ lower: dec(b[0]), upper: decOrNull(b[1]), rate: dec(b[2]) });

export function buildBonus(raw: Raw, file: string): Built<BonusTaxTable>[] {
  // kou is stored as [{dependents, bands}] so the file says which column is which; the record is indexed by dependents.
  const kou = raw.kou === null ? null : (raw.kou as Raw[]).map((col) => (col.bands as [number, number | null, string][]).map(band));
  const record: BonusTaxTable = {
    ...meta(raw, file, raw.id),
    kind: 'income_tax_bonus_table',
    monthly_table_method: {
      ten_times_rule_multiple: dec(raw.monthly_table_method.ten_times_rule_multiple),
      bonus_period_months: dec(raw.monthly_table_method.bonus_period_months),
    },
    status: raw.status,
    missing_reason: raw.missing_reason ?? null,
    kou,
    otsu: raw.otsu === null ? null : (raw.otsu as [number, number | null, string][]).map(band),
  };
  // columns by name: kou_<dependents> as the file labels them, and otsu
  const columns: Record<string, RangeRow[]> = {};
  (raw.kou as Raw[] | null)?.forEach((col, i) => (columns[`kou_${col.dependents}`] = kou![i] as unknown as RangeRow[]));
  if (record.otsu) columns.otsu = record.otsu as unknown as RangeRow[];
  record.kou_last_dependents_column = raw.kou === null ? null : Math.max(...(raw.kou as Raw[]).map((c) => c.dependents as number));
  const unavailable =
    record.status === 'not_imported'
      ? `not imported (the table applies from ${record.effective_from}): ${record.missing_reason ?? 'no reason recorded'}`
      : null;
  record.rate_table = rangeTable(raw, 'bonus withholding table', { columns }, unavailable);
  return [{ record, pointer: '' }];
}

const TIER_FIELDS = ['fixed', 'rate', 'add', 'amount', 'subtract'] as const;

function tier(t: Raw): AmountTier {
  const out: AmountTier = { from: dec(t.from), to: decOrNull(t.to) };
  for (const k of TIER_FIELDS) if (t[k] !== undefined) out[k] = dec(t[k]);
  return out;
}

/** A tier as a lookup row: every optional field present (null where the tier has none), so a rule reads any. */
const tierRow = (t: AmountTier): RangeRow => ({ ...Object.fromEntries(TIER_FIELDS.map((k) => [k, t[k] ?? null])), ...t });

export function buildComputerSpecial(raw: Raw, file: string): Built<ComputerSpecialTable>[] {
  const record: ComputerSpecialTable = {
    ...meta(raw, file, raw.id),
    kind: 'income_tax_computer_special',
    salary_deduction_tiers: (raw.salary_deduction_tiers as Raw[]).map(tier),
    dependant_deduction_per_person: dec(raw.dependant_deduction_per_person),
    basic_deduction_tiers: (raw.basic_deduction_tiers as Raw[]).map(tier),
    tax_tiers: (raw.tax_tiers as Raw[]).map(tier),
  };
  record.tier_table = rangeTable(raw, 'computer-special table', {
    columns: {
      salary_deduction: record.salary_deduction_tiers.map(tierRow),
      basic_deduction: record.basic_deduction_tiers.map(tierRow),
      tax: record.tax_tiers.map(tierRow),
    },
  });
  return [{ record, pointer: '' }];
}
