/**
 * The generic table operators range_lookup and bracket_formula on small hand-made range tables: every
 * convention the masters can declare (upper end exclusive/inclusive, outside error/nearest, index
 * field and base, named columns, an unavailable table). The statutory tables run through the live rules
 * in test/tables.
 */
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../engine/errors.ts';
import type { RangeConvention, RangeTable } from '../../engine/loading/masters/range-table.ts';
import { D, errorOf, run } from './helpers.ts';

const conv = (c: Partial<RangeConvention>): RangeConvention => ({
  bounds: ['from', 'to'],
  upper_end: 'exclusive',
  outside: 'error',
  not_found_error: 'income_tax_lookup_failed',
  index: null,
  ...c,
});
const row = (from: number, to: number | null, extra: Record<string, unknown> = {}) => ({
  from: D(from),
  to: to === null ? null : D(to),
  ...extra,
});

const grades: RangeTable = {
  label: 'mini grades g1',
  unavailable: null,
  convention: conv({ outside: 'nearest', not_found_error: 'settings_not_resolved', index: { field: 'index', base: 0 } }),
  rows: [row(100, 200, { grade: D(1) }), row(200, 300, { grade: D(2) }), row(300, null, { grade: D(3) })],
};
const tiers: RangeTable = {
  label: 'mini tiers t1',
  unavailable: null,
  convention: conv({ upper_end: 'inclusive', index: { field: 'row_index', base: 1 } }),
  columns: { a: [row(0, 99, { fixed: D(5) }), row(100, 199, { fixed: D(7) })], b: [row(0, null, { fixed: D(9) })] },
};
const bands: RangeTable = {
  label: 'mini bands b1',
  unavailable: null,
  convention: conv({ bounds: ['lower', 'upper'], index: { field: 'row_index', base: 1 } }),
  rows: [
    { lower: D(0), upper: D(10), rate: D('0.1') },
    { lower: D(10), upper: null, rate: D('0.2') },
  ],
};
const brackets: RangeTable = {
  label: 'mini brackets m1',
  unavailable: null,
  convention: conv({}),
  columns: {
    k: [
      row(0, 100, { method: 'below', base: [D(0), D(0)], rate: null }),
      row(100, 200, { method: 'row', base: [D(15), D(5)], rate: null }),
      row(200, null, { method: 'bracket', base: [D(80), D(70)], rate: D('0.2042') }),
    ],
    o: [row(0, 100, { method: 'below', base: D(0), rate: D('0.03063') }), row(100, null, { method: 'row', base: D(60), rate: null })],
  },
};

const RL = (col?: string) => ({ range_lookup: col === undefined ? [{ var: 't' }, { var: 'x' }] : [{ var: 't' }, { var: 'x' }, col] });
const rl = (t: RangeTable, x: number | string, col?: string) => run(RL(col), { t: t as never, x: D(x) }) as Record<string, unknown>;
const bf = (x: number | string, col: string, i: number | null) =>
  run(
    { bracket_formula: [{ var: 't' }, { var: 'x' }, col, { var: 'i' }] },
    { t: brackets as never, x: D(x), i: i === null ? null : D(i) },
  ) as Record<string, unknown>;

describe('range_lookup', () => {
  it('upper end exclusive: from <= x < to, with the index the convention names (0-based here)', () => {
    expect(rl(grades, 100)).toEqual({ from: 100, to: 200, grade: 1, index: 0 });
    expect(rl(grades, '199.99')).toMatchObject({ grade: 1 });
    expect(rl(grades, 200)).toMatchObject({ grade: 2, index: 1 });
  });
  it('outside nearest: below the first row -> the first, above everything -> the open last row', () => {
    expect(rl(grades, 5)).toMatchObject({ grade: 1, index: 0 });
    expect(rl(grades, 1e9)).toEqual({ from: 300, to: null, grade: 3, index: 2 });
  });
  it('upper end inclusive and named columns, 1-based row_index', () => {
    expect(rl(tiers, 99, 'a')).toEqual({ from: 0, to: 99, fixed: 5, row_index: 1 });
    expect(rl(tiers, 100, 'a')).toMatchObject({ fixed: 7, row_index: 2 });
    expect(rl(tiers, 199, 'a')).toMatchObject({ fixed: 7 });
    expect(rl(tiers, 12345, 'b')).toMatchObject({ fixed: 9, to: null });
  });
  it('bound fields named by the convention (lower/upper)', () => {
    expect(rl(bands, 9)).toEqual({ lower: 0, upper: 10, rate: '0.1', row_index: 1 });
    expect(rl(bands, 10)).toEqual({ lower: 10, upper: null, rate: '0.2', row_index: 2 });
  });
  it("outside error: the convention's error code, naming the table and column", () => {
    const e = errorOf(() => rl(tiers, 200, 'a')) as EngineError;
    expect(e).toBeInstanceOf(EngineError);
    expect(e.code).toBe('income_tax_lookup_failed');
    expect(e.message).toBe('mini tiers t1: no range of column a contains the amount 200');
    expect((errorOf(() => rl(bands, -1)) as EngineError).message).toBe('mini bands b1: no range contains the amount -1');
  });
  it('an unknown column, a missing column name, an unavailable table', () => {
    expect((errorOf(() => rl(tiers, 1, 'z')) as EngineError).message).toBe('mini tiers t1: no column "z"');
    expect((errorOf(() => rl(tiers, 1)) as EngineError).message).toContain('names none');
    const off = { ...bands, unavailable: 'not imported: no copy found' };
    const e = errorOf(() => rl(off, 1)) as EngineError;
    expect(e.code).toBe('income_tax_lookup_failed');
    expect(e.message).toBe('mini bands b1: not imported: no copy found');
  });
  it('not a range table -> a plain error (a rule bug, not a client error)', () => {
    const e = errorOf(() => run(RL(), { t: [] as never, x: D(1) }));
    expect(e).not.toBeInstanceOf(EngineError);
    expect(e.message).toContain('needs a range table');
  });
});

describe('bracket_formula', () => {
  it('rate null: the row amount from the base list at the index', () => {
    expect(bf(150, 'k', 1)).toEqual({
      method: 'row',
      tax: 5,
      taxable_from: 100,
      taxable_to: 200,
      base_tax_amount: 5,
      rate: null,
      excess_amount: null,
    });
    expect(bf(150, 'k', 0)).toMatchObject({ tax: 15 });
  });
  it('with a rate: base + (x - from) x rate, raw', () => {
    expect(bf(250, 'k', 0)).toEqual({
      method: 'bracket',
      tax: '90.21',
      taxable_from: 200,
      taxable_to: null,
      base_tax_amount: 80,
      rate: '0.2042',
      excess_amount: 50,
    });
    expect(bf(50, 'o', null)).toMatchObject({ method: 'below', tax: '1.5315', base_tax_amount: 0, excess_amount: 50 });
    expect(bf(150, 'o', null)).toMatchObject({ tax: 60, rate: null });
  });
  it("an index outside the base list -> the table's error code", () => {
    const e = errorOf(() => bf(150, 'k', 2)) as EngineError;
    expect(e.code).toBe('income_tax_lookup_failed');
    expect(e.message).toContain('mini brackets m1: column k has no base amount at index');
    expect((errorOf(() => bf(150, 'k', null)) as EngineError).code).toBe('income_tax_lookup_failed');
  });
});
