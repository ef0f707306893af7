/**
 * Every band of the 2025 (masters 2020-01) and 2026 bonus rate tables, through bonus_withholding_rate
 * on the loaded masters, against the fixture CSVs: each band at its lower bound and at upper - 1, all
 * columns (kou 0..7 and otsu). Plus the 2027 placeholder, which must fail naming the table.
 */
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../engine/errors.ts';
import { bonus, bonusTable, D, getMasters, readCsv } from './helpers.ts';

const YEARS = [
  { year: 2025, version: '2020-01', csv: 'bonus_2025.csv' },
  { year: 2026, version: '2026-01', csv: 'bonus_2026.csv' },
];

/** rate_percent "4.084" -> the fraction as a JSON value the serializer gives ("0.04084", 0 for 0). */
function rateOf(percent: string): number | string {
  const d = D(percent).div(100);
  return d.isZero() ? 0 : d.toFixed();
}

describe.each(YEARS)('bonus table $year (masters $version): every band', ({ version, csv }) => {
  const records = readCsv(csv);
  const table = bonusTable(version);
  const columns = [
    ...Array.from({ length: 8 }, (_, n) => ({ column: 'kou' as const, dependents: n, key: String(n) })),
    { column: 'otsu' as const, dependents: null, key: '' },
  ];

  it('the fixture holds 21 bands per kou column and 5 otsu bands', () => {
    for (const c of columns) {
      const bands = records.filter((r) => r.column === c.column && r.dependents === c.key);
      expect(bands.length).toBe(c.column === 'kou' ? 21 : 5);
    }
  });

  it.each(columns.map((c) => [c.column === 'kou' ? `kou ${c.dependents}` : 'otsu', c] as const))(
    '%s: each band at lower and upper - 1',
    (_l, c) => {
      const bands = records.filter((r) => r.column === c.column && r.dependents === c.key);
      let checked = 0;
      bands.forEach((b, i) => {
        const lower = Number(b.lower_incl_yen);
        const upper = b.upper_excl_yen === '' ? null : Number(b.upper_excl_yen);
        const points = upper === null ? [lower, lower + 1, 100_000_000] : [lower, upper - 1];
        if (upper !== null) expect(upper).toBeGreaterThan(lower);
        for (const p of points) {
          const want = { rate: rateOf(b.rate_percent), row_index: i + 1, lower, upper };
          expect(bonus(table, p, c.column, c.dependents), `${csv} ${c.column} ${c.key} band ${i + 1} at ${p}`).toEqual(want);
          if (c.column === 'kou' && c.dependents === 7) {
            // "7 or more": 8 and 12 dependents read the same column
            expect(bonus(table, p, 'kou', 8)).toEqual(want);
            expect(bonus(table, p, 'kou', 12)).toEqual(want);
          }
          if (c.column === 'otsu') expect(bonus(table, p, 'otsu', 3)).toEqual(want); // dependents ignored
          checked++;
        }
        if (upper !== null) {
          // a fractional amount just below the upper bound is still in the band
          expect(bonus(table, D(upper).minus('0.01'), c.column, c.dependents).row_index).toBe(i + 1);
        }
      });
      expect(checked).toBeGreaterThanOrEqual(bands.length * 2);
    },
  );

  it('the first band starts at 0, the last is open', () => {
    expect(bonus(table, 0, 'kou', 0)).toMatchObject({ row_index: 1, lower: 0 });
    expect(bonus(table, 0, 'otsu', null)).toMatchObject({ row_index: 1, lower: 0 });
    expect(bonus(table, 1e9, 'kou', 3)).toMatchObject({ row_index: 21, upper: null, rate: '0.45945' });
    expect(bonus(table, 1e9, 'otsu', null)).toMatchObject({ row_index: 5, upper: null, rate: '0.45945' });
  });

  it('a negative previous-month amount has no band: income_tax_lookup_failed naming the table', () => {
    let e: unknown;
    try {
      bonus(table, -1, 'kou', 0);
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('income_tax_lookup_failed');
    expect((e as EngineError).message).toContain(`nta-withholding-bonus version ${version}`);
  });
});

describe('spot values', () => {
  it('2026: 0 dependents, P = 300,000 -> 6.126 % (band 260,000-309,000)', () => {
    expect(bonus(bonusTable('2026-01'), 300000, 'kou', 0)).toEqual({ rate: '0.06126', row_index: 4, lower: 260000, upper: 309000 });
  });
  it('2026 otsu: P = 224,000 -> 20.42 %', () => {
    expect(bonus(bonusTable('2026-01'), 224000, 'otsu', null)).toEqual({ rate: '0.2042', row_index: 2, lower: 224000, upper: 295000 });
  });
  it('2025: 0 dependents, P = 79,000 -> 4.084 %', () => {
    expect(bonus(bonusTable('2020-01'), 79000, 'kou', 0)).toEqual({ rate: '0.04084', row_index: 3, lower: 79000, upper: 252000 });
  });
});

describe('2027 bonus placeholder', () => {
  const t = bonusTable('2027-01');
  it('is resolved from 2027-01-01 and is not imported', () => {
    expect(t.status).toBe('not_imported');
    expect(getMasters().resolve('income_tax_bonus_table', 'nta-withholding-bonus', '2027-01-01')?.version).toBe('2027-01');
    expect(getMasters().resolve('income_tax_bonus_table', 'nta-withholding-bonus', '2026-12-31')?.version).toBe('2026-01');
  });
  it.each([
    ['kou', 0],
    ['kou', 7],
    ['otsu', null],
  ] as const)('%s %s raises income_tax_lookup_failed naming the table, version and reason', (column, dependents) => {
    let e: unknown;
    try {
      bonus(t, 300000, column, dependents);
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('income_tax_lookup_failed');
    const msg = (e as EngineError).message;
    expect(msg).toContain('nta-withholding-bonus');
    expect(msg).toContain('2027-01');
    expect(msg).toContain('not imported');
    expect(msg).toContain(t.missing_reason!);
  });
});
