/** Builds the three income tax kinds; every amount and rate becomes a Decimal here, once, at load. */
import { toDecimal } from '../../decimal.ts';
import type { AmountTier, BonusRateBand, BonusTaxTable, ComputerSpecialTable, MonthlyTaxTable } from '../types.ts';
import { meta, type Built, type Raw } from './envelope.ts';

const dec = toDecimal;
const decOrNull = (v: unknown) => (v === null || v === undefined ? null : toDecimal(v));

export function buildMonthly(raw: Raw, file: string): Built<MonthlyTaxTable>[] {
  const record: MonthlyTaxTable = {
    ...meta(raw, file, raw.id),
    kind: 'income_tax_monthly_table',
    rows: (raw.rows as number[][]).map((r) => ({ lower: dec(r[0]), upper: dec(r[1]), kou: r.slice(2, 10).map(dec), otsu: dec(r[10]) })),
    kou_below_table: { upper_excl: dec(raw.kou_below_table.upper_excl), tax: dec(raw.kou_below_table.tax) },
    otsu_below_table: { upper_excl: dec(raw.otsu_below_table.upper_excl), rate: dec(raw.otsu_below_table.rate) },
    kou_brackets: (raw.kou_brackets as Raw[]).map((b) => ({ from: dec(b.from), upto: decOrNull(b.upto), rate: dec(b.rate), base_by_dependents: (b.base_by_dependents as number[]).map(dec) })),
    otsu_brackets: (raw.otsu_brackets as Raw[]).map((b) => ({ from: dec(b.from), upto: decOrNull(b.upto), rate: dec(b.rate), base: dec(b.base) })),
    per_extra_dependent_deduction: decOrNull(raw.per_extra_dependent_deduction),
    otsu_secondary_declaration_deduction: decOrNull(raw.otsu_secondary_declaration_deduction),
  };
  return [{ record, pointer: '' }];
}

const band = (b: [number, number | null, string]): BonusRateBand => ({ lower: dec(b[0]), upper: decOrNull(b[1]), rate: dec(b[2]) });

export function buildBonus(raw: Raw, file: string): Built<BonusTaxTable>[] {
  // kou is stored as [{dependents, bands}] so the file says which column is which; the record is indexed by dependents.
  const kou = raw.kou === null ? null : (raw.kou as Raw[]).map((col) => (col.bands as [number, number | null, string][]).map(band));
  const record: BonusTaxTable = {
    ...meta(raw, file, raw.id),
    kind: 'income_tax_bonus_table',
    status: raw.status,
    missing_reason: raw.missing_reason ?? null,
    kou,
    otsu: raw.otsu === null ? null : (raw.otsu as [number, number | null, string][]).map(band),
  };
  return [{ record, pointer: '' }];
}

function tier(t: Raw): AmountTier {
  const out: AmountTier = { from: dec(t.from), to: decOrNull(t.to) };
  for (const k of ['fixed', 'rate', 'add', 'amount', 'subtract'] as const) if (t[k] !== undefined) out[k] = dec(t[k]);
  return out;
}

export function buildComputerSpecial(raw: Raw, file: string): Built<ComputerSpecialTable>[] {
  const record: ComputerSpecialTable = {
    ...meta(raw, file, raw.id),
    kind: 'income_tax_computer_special',
    salary_deduction_tiers: (raw.salary_deduction_tiers as Raw[]).map(tier),
    dependant_deduction_per_person: dec(raw.dependant_deduction_per_person),
    basic_deduction_tiers: (raw.basic_deduction_tiers as Raw[]).map(tier),
    tax_tiers: (raw.tax_tiers as Raw[]).map(tier),
  };
  return [{ record, pointer: '' }];
}
