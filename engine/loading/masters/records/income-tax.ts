/** Builds the three income tax kinds; every amount and rate becomes a Decimal here, once, at load. */
import { keptDecimal } from '../../../decimal.ts';
import type { Decimal } from '../../../decimal.ts';
import type {
  AmountTier,
  BonusRateBand,
  BonusTaxTable,
  ComputerSpecialTable,
  DailyTaxTable,
  KouBracket,
  MonthlyTaxRow,
  MonthlyTaxTable,
  OtsuBracket,
  MasterKind,
} from '../types.ts';
import type { RangeRow } from '../range-table.ts';
import { meta, type Built, type Raw } from './envelope.ts';
import { rangeTable } from './range-table.ts';

const dec = keptDecimal;
const decOrNull = (v: unknown) => (v === null || v === undefined ? null : keptDecimal(v));

/** What the builder makes of either table before it is typed as one (the daily adds hei, the monthly has the limit). */
type Withholding = Omit<MonthlyTaxTable, 'kind'> & Pick<DailyTaxTable, 'hei_below_table' | 'hei_brackets'> & { kind: MasterKind };

const bracket = (b: Raw) => ({
  from: dec(b.from),
  upto: decOrNull(b.upto),
  rate: dec(b.rate),
  ...(b.confidence ? { confidence: b.confidence as string } : {}),
});

/** 月額表 and 日額表 (the daily table adds the 丙 column, hei); a not_imported daily version holds no table. */
export function buildMonthly(raw: Raw, file: string): Built<MonthlyTaxTable | DailyTaxTable>[] {
  const head = { ...meta(raw, file, raw.id), ...(raw.status ? { status: raw.status } : {}) };
  if (raw.status === 'not_imported') {
    const reason = `not imported (the table applies from ${raw.effective_from}): ${raw.missing_reason ?? 'no reason recorded'}`;
    return [
      {
        record: { ...head, withholding_table: rangeTable(raw, 'daily withholding table', { columns: {} }, reason) } as DailyTaxTable,
        pointer: '',
      },
    ];
  }
  const record = {
    ...head,
    rows: (raw.rows as number[][]).map((r) => ({
      lower: dec(r[0]),
      upper: dec(r[1]),
      kou: r.slice(2, 10).map(dec),
      otsu: dec(r[10]),
      ...(r.length > 11 ? { hei: dec(r[11]) } : {}),
    })),
    kou_below_table: { upper_excl: dec(raw.kou_below_table.upper_excl), tax: dec(raw.kou_below_table.tax) },
    otsu_below_table: { upper_excl: dec(raw.otsu_below_table.upper_excl), rate: dec(raw.otsu_below_table.rate) },
    kou_brackets: (raw.kou_brackets as Raw[]).map((b) => ({
      ...bracket(b),
      base_by_dependents: (b.base_by_dependents as number[]).map(dec),
    })),
    otsu_brackets: (raw.otsu_brackets as Raw[]).map((b) => ({ ...bracket(b), base: dec(b.base) })),
    ...(raw.hei_brackets
      ? {
          hei_below_table: { upper_excl: dec(raw.hei_below_table.upper_excl), tax: dec(raw.hei_below_table.tax) },
          hei_brackets: (raw.hei_brackets as Raw[]).map((b) => ({ ...bracket(b), base: dec(b.base) })),
        }
      : {}),
    per_extra_dependent_deduction: decOrNull(raw.per_extra_dependent_deduction),
    ...(raw.tax_dependent_count_max !== undefined ? { tax_dependent_count_max: raw.tax_dependent_count_max as number } : {}),
    otsu_secondary_declaration_deduction: decOrNull(raw.otsu_secondary_declaration_deduction),
  } as Withholding;
  record.kou_last_dependents_column = record.rows[0].kou.length - 1;
  record.withholding_table = withholdingTable(raw, record);
  return [{ record: record as MonthlyTaxTable | DailyTaxTable, pointer: '' }];
}

/**
 * The whole table as one bracket table per column (kou, otsu and the daily table's hei): the file's
 * below-table rule, its rows and its formulas become rows {from, to, method, row_index, base, rate}
 * (and a formula's confidence mark where the file gives one), so one rule reads them all with
 * bracket_formula (base + (A - from) x rate; rate null = the printed amount). Only the layout is
 * translated here; every amount and rate is the file's.
 */
function withholdingTable(raw: Raw, t: Withholding) {
  const zero = dec(0);
  const printed = (base: (r: MonthlyTaxRow) => Decimal | Decimal[]): RangeRow[] =>
    t.rows.map((r, i) => ({ from: r.lower, to: r.upper, method: 'row', row_index: dec(i + 1), base: base(r), rate: null }));
  const formulas = <B extends OtsuBracket | KouBracket>(brackets: readonly B[], base: (b: B) => Decimal | Decimal[]): RangeRow[] =>
    brackets.map((b) => ({
      from: b.from,
      to: b.upto,
      method: 'bracket',
      row_index: null,
      base: base(b),
      rate: b.rate,
      ...(b.confidence ? { confidence: b.confidence } : {}),
    }));
  const below = (upper: Decimal, base: Decimal | Decimal[], rate: Decimal | null): RangeRow => ({
    from: zero,
    to: upper,
    method: 'below_table',
    row_index: null,
    base,
    rate,
  });
  const columns: Record<string, RangeRow[]> = {
    kou: [
      below(t.kou_below_table.upper_excl, Array(t.rows[0].kou.length).fill(t.kou_below_table.tax), null),
      ...printed((r) => r.kou),
      ...formulas(t.kou_brackets, (b) => b.base_by_dependents),
    ],
    otsu: [
      below(t.otsu_below_table.upper_excl, zero, t.otsu_below_table.rate),
      ...printed((r) => r.otsu),
      ...formulas(t.otsu_brackets, (b) => b.base),
    ],
  };
  if (t.hei_below_table && t.hei_brackets)
    columns.hei = [
      below(t.hei_below_table.upper_excl, t.hei_below_table.tax, null),
      ...printed((r) => r.hei!),
      ...formulas(t.hei_brackets, (b) => b.base),
    ];
  return rangeTable(raw, t.kind === 'income_tax_daily_table' ? 'daily withholding table' : 'monthly withholding table', { columns });
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
