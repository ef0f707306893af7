/** The table operators on small hand-made tables (the statutory tables are in test/tables). */
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../engine/errors.ts';
import type { AmountTier, BonusTaxTable, Grade, MonthlyTaxTable } from '../../engine/masters/types.ts';
import { D, errorOf, evalRaw, run } from './helpers.ts';

const meta = {
  effective_from: '2026-01-01',
  effective_to: null,
  effective_date_basis: 'payment_date' as const,
  provider: 'test',
  source_artifact_id: null,
  sources: [],
  file: 'test.yaml',
};

const kouRow = (lower: number, upper: number, k0: number, otsu: number) => ({
  lower: D(lower),
  upper: D(upper),
  kou: [k0, k0 - 10, k0 - 20, k0 - 30, k0 - 40, k0 - 50, k0 - 60, k0 - 70].map((x) => D(Math.max(x, 0))),
  otsu: D(otsu),
});

const monthly: MonthlyTaxTable = {
  ...meta,
  kind: 'income_tax_monthly_table',
  id: 'mini-monthly',
  version: 'v1',
  rows: [kouRow(100, 110, 5, 50), kouRow(110, 120, 15, 60), kouRow(120, 130, 25, 70), kouRow(130, 200, 75, 90)],
  kou_below_table: { upper_excl: D(100), tax: D(0) },
  otsu_below_table: { upper_excl: D(100), rate: D('0.03063') },
  kou_brackets: [
    { from: D(200), upto: D(300), rate: D('0.2042'), base_by_dependents: [80, 70, 60, 50, 40, 30, 20, 10].map(D) },
    { from: D(300), upto: null, rate: D('0.45945'), base_by_dependents: [100, 90, 80, 70, 60, 50, 40, 30].map(D) },
  ],
  otsu_brackets: [
    { from: D(200), upto: D(250), rate: D('0.4084'), base: D(95) },
    { from: D(250), upto: null, rate: D('0.45945'), base: D(120) },
  ],
  per_extra_dependent_deduction: D(1610),
};

const MW = (col: string, dep: unknown = { var: 'n' }) => ({ monthly_withholding: [{ var: 'table' }, { var: 'a' }, col, dep] });
const mw = (a: number | string, col: string, n: number | null = 0, table: unknown = monthly) =>
  run(MW(col), { table, a: D(a), n: n === null ? null : D(n) }) as Record<string, unknown>;

describe('monthly_withholding', () => {
  it('row: lower <= A < upper, printed amount, 1-based row index', () => {
    expect(mw(110, 'kou', 0)).toEqual({
      method: 'row', tax: 15, tax_table_type: 'kou', monthly_taxable_amount: 110, dependent_count: 0, row_index: 2,
      taxable_from: 110, taxable_to: 120, base_tax_amount: 15, rate: null, excess_amount: null,
    });
    expect(mw(119, 'kou', 1)).toMatchObject({ tax: 5, row_index: 2, dependent_count: 1 });
    expect(mw('119.99', 'kou', 0)).toMatchObject({ tax: 15, row_index: 2 });
    expect(mw(100, 'kou', 0)).toMatchObject({ tax: 5, row_index: 1 });
    expect(mw(199, 'kou', 7)).toMatchObject({ tax: 5, row_index: 4 });
    expect(mw(125, 'otsu', 3)).toEqual({
      method: 'row', tax: 70, tax_table_type: 'otsu', monthly_taxable_amount: 125, dependent_count: null, row_index: 3,
      taxable_from: 120, taxable_to: 130, base_tax_amount: 70, rate: null, excess_amount: null,
    });
  });
  it('kou below the first row: the below-table tax (0)', () => {
    expect(mw(99, 'kou', 2)).toEqual({
      method: 'below_table', tax: 0, tax_table_type: 'kou', monthly_taxable_amount: 99, dependent_count: 2, row_index: null,
      taxable_from: 0, taxable_to: 100, base_tax_amount: 0, rate: null, excess_amount: null,
    });
    expect(mw(0, 'kou', 0)).toMatchObject({ method: 'below_table', tax: 0 });
  });
  it('otsu below the first row: A x 3.063 %, raw', () => {
    expect(mw(99, 'otsu', null)).toEqual({
      method: 'below_table', tax: '3.03237', tax_table_type: 'otsu', monthly_taxable_amount: 99, dependent_count: null, row_index: null,
      taxable_from: 0, taxable_to: 100, base_tax_amount: 0, rate: '0.03063', excess_amount: 99,
    });
  });
  it('kou brackets: base_by_dependents[n] + (A - from) x rate; dependent_count null', () => {
    expect(mw(250, 'kou', 2)).toEqual({
      method: 'bracket', tax: '70.21', tax_table_type: 'kou', monthly_taxable_amount: 250, dependent_count: null, row_index: null,
      taxable_from: 200, taxable_to: 300, base_tax_amount: 60, rate: '0.2042', excess_amount: 50,
    });
    expect(mw(200, 'kou', 0)).toMatchObject({ method: 'bracket', tax: 80, excess_amount: 0 });
    expect(mw(300, 'kou', 7)).toMatchObject({ tax: 30, taxable_from: 300, taxable_to: null, rate: '0.45945' });
    expect(mw(1300, 'kou', 7)).toMatchObject({ tax: '489.45' });
  });
  it('otsu brackets ignore dependents', () => {
    expect(mw(260, 'otsu', 5)).toEqual({
      method: 'bracket', tax: '124.5945', tax_table_type: 'otsu', monthly_taxable_amount: 260, dependent_count: null, row_index: null,
      taxable_from: 250, taxable_to: null, base_tax_amount: 120, rate: '0.45945', excess_amount: 10,
    });
    expect(mw(249, 'otsu', null)).toMatchObject({ tax: '115.0116', taxable_to: 250 });
  });
  it('failures are income_tax_lookup_failed naming the table', () => {
    const code = (f: () => unknown) => {
      const e = errorOf(f);
      expect(e).toBeInstanceOf(EngineError);
      return [(e as EngineError).code, e.message];
    };
    expect(code(() => mw(-1, 'kou', 0))).toEqual(['income_tax_lookup_failed', 'monthly withholding table mini-monthly version v1: amount -1 is negative']);
    expect(code(() => mw(150, 'kou', 8))[1]).toContain('mini-monthly version v1: dependent count 8 is outside 0-7');
    expect(code(() => mw(150, 'kou', -1))[1]).toContain('outside 0-7');
    expect(code(() => run(MW('kou'), { table: monthly, a: D(150), n: D('1.5') }))[1]).toContain('must be an integer 0-7');
    expect(code(() => run(MW('kou'), { table: monthly, a: D(150) }))[1]).toContain('must be an integer 0-7, got null');
    expect(code(() => mw(150, 'hei', 0))[1]).toContain('unknown column the string "hei"');
    expect(code(() => mw(150, 'kou', 0, null))).toEqual(['income_tax_lookup_failed', 'monthly withholding table missing (no table resolved)']);
    const gappy = { ...monthly, kou_brackets: [monthly.kou_brackets[0]], otsu_brackets: [] };
    expect(code(() => mw(300, 'kou', 0, gappy))[1]).toBe('monthly withholding table mini-monthly version v1: no row or bracket of column kou contains the amount 300');
    expect(code(() => mw(300, 'otsu', 0, gappy))[1]).toContain('column otsu');
  });
  it('binary search finds every row of a long table', () => {
    const rows = Array.from({ length: 300 }, (_, i) => kouRow(1000 + i * 10, 1010 + i * 10, i * 100 + 70, i));
    const big = { ...monthly, rows, kou_below_table: { upper_excl: D(1000), tax: D(0) }, otsu_below_table: { upper_excl: D(1000), rate: D('0.03063') }, kou_brackets: [], otsu_brackets: [] };
    for (let i = 0; i < 300; i++) {
      expect(mw(1000 + i * 10, 'kou', 0, big)).toMatchObject({ row_index: i + 1, tax: i * 100 + 70 });
      expect(mw(1009 + i * 10, 'otsu', 0, big)).toMatchObject({ row_index: i + 1, tax: i });
    }
    expect(() => mw(4000, 'kou', 0, big)).toThrow(EngineError);
  });
});

const band = (lower: number, upper: number | null, rate: string) => ({ lower: D(lower), upper: upper === null ? null : D(upper), rate: D(rate) });
const bonus: BonusTaxTable = {
  ...meta,
  kind: 'income_tax_bonus_table',
  id: 'mini-bonus',
  version: 'b1',
  status: 'imported',
  missing_reason: null,
  kou: Array.from({ length: 8 }, (_, n) => [band(0, 100 + n, '0'), band(100 + n, 200, '0.02042'), band(200, null, '0.04084')]),
  otsu: [band(0, 50, '0.1021'), band(50, null, '0.45945')],
};
const BW = { bonus_withholding_rate: [{ var: 'table' }, { var: 'p' }, { var: 'col' }, { var: 'n' }] };
const bw = (p: number, col: string, n: number | null, table: unknown = bonus) => run(BW, { table, p: D(p), col, n: n === null ? null : D(n) });

describe('bonus_withholding_rate', () => {
  it('band lower <= P < upper, row_index 1-based within the column', () => {
    expect(bw(0, 'kou', 0)).toEqual({ rate: 0, row_index: 1, lower: 0, upper: 100 });
    expect(bw(99, 'kou', 0)).toEqual({ rate: 0, row_index: 1, lower: 0, upper: 100 });
    expect(bw(100, 'kou', 0)).toEqual({ rate: '0.02042', row_index: 2, lower: 100, upper: 200 });
    expect(bw(100, 'kou', 3)).toEqual({ rate: 0, row_index: 1, lower: 0, upper: 103 });
    expect(bw(5000000, 'kou', 2)).toEqual({ rate: '0.04084', row_index: 3, lower: 200, upper: null });
    expect(bw(49, 'otsu', null)).toEqual({ rate: '0.1021', row_index: 1, lower: 0, upper: 50 });
    expect(bw(50, 'otsu', 4)).toEqual({ rate: '0.45945', row_index: 2, lower: 50, upper: null });
  });
  it('7 dependents means 7 or more', () => {
    expect(bw(106, 'kou', 7)).toEqual({ rate: 0, row_index: 1, lower: 0, upper: 107 });
    expect(bw(106, 'kou', 12)).toEqual({ rate: 0, row_index: 1, lower: 0, upper: 107 });
    expect(bw(107, 'kou', 9)).toMatchObject({ row_index: 2 });
  });
  it('not imported / missing / no band -> income_tax_lookup_failed naming the table', () => {
    const placeholder = { ...bonus, version: '2027-01', effective_from: '2027-01-01', status: 'not_imported', missing_reason: 'no copy found', kou: null, otsu: null };
    const e = errorOf(() => bw(300000, 'kou', 0, placeholder)) as EngineError;
    expect(e.code).toBe('income_tax_lookup_failed');
    expect(e.message).toBe('bonus withholding table mini-bonus version 2027-01 (effective from 2027-01-01) is not imported: no copy found');
    expect((errorOf(() => bw(-1, 'kou', 0)) as EngineError).message).toBe(
      "bonus withholding table mini-bonus version b1: no band of column kou, 0 dependents contains the previous month's amount -1",
    );
    expect((errorOf(() => bw(1, 'kou', -1)) as EngineError).code).toBe('income_tax_lookup_failed');
    expect((errorOf(() => bw(1, 'x', 0)) as EngineError).code).toBe('income_tax_lookup_failed');
    expect((errorOf(() => bw(1, 'kou', 0, null)) as EngineError).message).toBe('bonus withholding table missing (no table resolved)');
  });
});

const grades: Grade[] = [
  { grade: 1, standard_monthly_remuneration: D(58000), from: D(0), to: D(63000), bounds_status: 'confirmed' },
  { grade: 2, standard_monthly_remuneration: D(68000), from: D(63000), to: D(73000), bounds_status: 'confirmed' },
  { grade: 3, standard_monthly_remuneration: D(78000), from: D(73000), to: D(83000), bounds_status: 'inferred' },
  { grade: 4, standard_monthly_remuneration: D(88000), from: D(83000), to: null, bounds_status: 'confirmed' },
];
const pensionGrades: Grade[] = [
  { grade: 1, standard_monthly_remuneration: D(88000), from: D(83000), to: D(93000), bounds_status: 'confirmed' },
  { grade: 2, standard_monthly_remuneration: D(98000), from: D(93000), to: D(101000), bounds_status: 'confirmed' },
];
const gl = (x: number | string, g: Grade[] = grades) => run({ grade_lookup: [{ var: 'g' }, { var: 'x' }] }, { g, x: D(x) });

describe('grade_lookup', () => {
  it('from <= x < to', () => {
    expect(gl(63000)).toEqual({ grade: 2, standard_monthly_remuneration: 68000, from: 63000, to: 73000, bounds_status: 'confirmed', index: 1 });
    expect(gl(62999)).toMatchObject({ grade: 1, index: 0 });
    expect(gl('72999.99')).toMatchObject({ grade: 2 });
    expect(gl(73000)).toMatchObject({ grade: 3, bounds_status: 'inferred', index: 2 });
  });
  it('open top grade; below the first from -> first grade; above a closed top -> last grade', () => {
    expect(gl(10000000)).toEqual({ grade: 4, standard_monthly_remuneration: 88000, from: 83000, to: null, bounds_status: 'confirmed', index: 3 });
    expect(gl(50000, pensionGrades)).toMatchObject({ grade: 1, standard_monthly_remuneration: 88000 });
    expect(gl(500000, pensionGrades)).toMatchObject({ grade: 2, to: 101000 });
  });
  it('no grades -> settings_not_resolved', () => {
    expect((errorOf(() => gl(1, [])) as EngineError).code).toBe('settings_not_resolved');
  });
});

const tiers: AmountTier[] = [
  { from: D(0), to: D(158333), fixed: D(54167) },
  { from: D(158334), to: D(299999), rate: D('0.3'), add: D(6667) },
  { from: D(300000), to: null, rate: D('0.2'), add: D(36667) },
];
const tl = (k: number | string, t: unknown = tiers) => run({ tier_lookup: [{ var: 't' }, { var: 'k' }] }, { t, k: D(k) });

describe('tier_lookup', () => {
  it('from <= key <= to (inclusive), open last tier', () => {
    expect(tl(158333)).toEqual({ from: 0, to: 158333, fixed: 54167, rate: null, add: null, amount: null, subtract: null, index: 0 });
    expect(tl(158334)).toEqual({ from: 158334, to: 299999, fixed: null, rate: '0.3', add: 6667, amount: null, subtract: null, index: 1 });
    expect(tl(299999)).toMatchObject({ index: 1 });
    expect(tl(99999999)).toMatchObject({ index: 2, to: null });
  });
  it('no tier -> income_tax_lookup_failed', () => {
    const e = errorOf(() => tl('158333.5')) as EngineError;
    expect(e.code).toBe('income_tax_lookup_failed');
    expect(e.message).toContain('158333.5');
    expect((errorOf(() => tl(1, null)) as EngineError).code).toBe('income_tax_lookup_failed');
  });
  it('the computer method step composes: salary deduction = ceil(A x rate + add) or fixed', () => {
    const expr = {
      round: ['ceil_yen', { if: [{ '!==': [{ var: 'tier.fixed' }, null] }, { var: 'tier.fixed' }, { '+': [{ '*': [{ var: 'a' }, { var: 'tier.rate' }] }, { var: 'tier.add' }] }] }],
    };
    const tier = (a: number) => ({ tier: evalRaw({ tier_lookup: [{ var: 't' }, { var: 'a' }] }, { t: tiers, a: D(a) }) });
        expect(run(expr, { ...tier(200001), a: D(200001) })).toBe(66668);
    expect(run(expr, { ...tier(100000), a: D(100000) })).toBe(54167);
  });
});
