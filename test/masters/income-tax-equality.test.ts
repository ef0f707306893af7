/** Every loaded income-tax value equals the published extraction (verbatim copies in test/fixtures/statutory). */
import { describe, expect, it } from 'vitest';
import type { Decimal } from '../../engine/decimal.ts';
import { masters } from './helpers.ts';
import { csv, d, pct, yaml } from './statutory-fixtures.ts';

const byVersion = <T extends { version: string }>(list: T[], version: string) => {
  const t = list.find((x) => x.version === version);
  if (!t) throw new Error(`no version ${version}`);
  return t;
};
const s = (x: Decimal | null | undefined) => (x === null || x === undefined ? null : x.toString());

const YEARS = [
  { version: '2020-01', data: '2025' },
  { version: '2026-01', data: '2026' },
  { version: '2027-01', data: '2027' },
];

describe.each(YEARS)('monthly table $version (monthly_$data.csv)', ({ version, data }) => {
  const table = () => byVersion(masters().all('income_tax_monthly_table'), version);

  it('has every row and every cell of the CSV', () => {
    const rows = csv(`income_tax/monthly_${data}.csv`);
    const t = table();
    expect(t.rows).toHaveLength(rows.length);
    rows.forEach((r, i) => {
      const got = t.rows[i];
      expect([got.lower, got.upper, ...got.kou, got.otsu].map(String), `row ${i}`).toEqual([
        r.lower_incl,
        r.upper_excl,
        r.kou_0,
        r.kou_1,
        r.kou_2,
        r.kou_3,
        r.kou_4,
        r.kou_5,
        r.kou_6,
        r.kou_7,
        r.otsu,
      ]);
    });
  });

  it('has the rules outside the rows', () => {
    const rules = yaml(`income_tax/monthly_${data}_rules.yaml`);
    const t = table();
    expect(s(t.kou_below_table.upper_excl)).toBe(String(rules.kou.below_table.upper_excl));
    expect(s(t.kou_below_table.tax)).toBe(String(rules.kou.below_table.tax_all_dependents));
    expect(s(t.otsu_below_table.upper_excl)).toBe(String(rules.otsu.below_table.upper_excl));
    expect(t.otsu_below_table.rate.eq(d(rules.otsu.below_table.rate))).toBe(true);
    expect(s(t.otsu_below_table.rate)).toBe('0.03063');
    expect(t.kou_brackets).toHaveLength(rules.kou.brackets_740k_and_over.length);
    rules.kou.brackets_740k_and_over.forEach(
      (b: { from: number; upto: number | null; rate: number; base_by_dependents: number[] }, i: number) => {
        const got = t.kou_brackets[i];
        expect([s(got.from), s(got.upto), got.base_by_dependents.map(String)]).toEqual([
          String(b.from),
          b.upto === null ? null : String(b.upto),
          b.base_by_dependents.map(String),
        ]);
        expect(got.rate.eq(d(b.rate)), `kou bracket ${i} rate`).toBe(true);
      },
    );
    expect(t.otsu_brackets).toHaveLength(rules.otsu.brackets_740k_and_over.length);
    rules.otsu.brackets_740k_and_over.forEach((b: { from: number; upto: number | null; rate: number; base: number }, i: number) => {
      const got = t.otsu_brackets[i];
      expect([s(got.from), s(got.upto), s(got.base)]).toEqual([String(b.from), b.upto === null ? null : String(b.upto), String(b.base)]);
      expect(got.rate.eq(d(b.rate))).toBe(true);
    });
    expect(s(t.per_extra_dependent_deduction)).toBe(String(rules.kou.more_than_7_dependents.per_extra_dependent));
    const sec = rules.otsu.secondary_declaration.per_dependent_deduction;
    expect(s(t.otsu_secondary_declaration_deduction)).toBe(sec === null ? null : String(sec));
  });
});

describe('monthly spot values', () => {
  const row = (version: string, lower: number) =>
    byVersion(masters().all('income_tax_monthly_table'), version).rows.find((r) => r.lower.eq(lower))!;
  it('2026 甲 starts at 105,000 with 170 yen; 2025 at 88,000 with 130; 2027 at 111,000 with 140', () => {
    expect(s(row('2026-01', 105000).kou[0])).toBe('170');
    expect(s(row('2020-01', 88000).kou[0])).toBe('130');
    expect(s(row('2027-01', 111000).kou[0])).toBe('140');
  });
  it('2027 keeps 1,610 per extra dependant but no confirmed 従たる申告書 amount', () => {
    const t = byVersion(masters().all('income_tax_monthly_table'), '2027-01');
    expect(s(t.per_extra_dependent_deduction)).toBe('1610');
    expect(t.otsu_secondary_declaration_deduction).toBeNull();
    expect(s(byVersion(masters().all('income_tax_monthly_table'), '2026-01').otsu_secondary_declaration_deduction)).toBe('1610');
  });
  it('2026 brackets: 20.42 % from 740,000 with base 71,680; 乙 base 259,200', () => {
    const t = byVersion(masters().all('income_tax_monthly_table'), '2026-01');
    expect([s(t.kou_brackets[0].rate), s(t.kou_brackets[0].base_by_dependents[0])]).toEqual(['0.2042', '71680']);
    expect(s(t.otsu_brackets[0].base)).toBe('259200');
  });
});

describe.each([
  { version: '2020-01', data: '2025' },
  { version: '2026-01', data: '2026' },
])('bonus table $version (bonus_$data.csv)', ({ version, data }) => {
  it('has every band of every column with the rate as an exact fraction', () => {
    const rows = csv(`income_tax/bonus_${data}.csv`);
    const t = byVersion(masters().all('income_tax_bonus_table'), version);
    expect(t.status).toBe('imported');
    const asRows = (col: string, dep: string, bands: { lower: Decimal; upper: Decimal | null; rate: Decimal }[]) =>
      bands.map((b) => ({
        column: col,
        dependents: dep,
        rate: b.rate.toString(),
        lower: b.lower.toString(),
        upper: b.upper === null ? '' : b.upper.toString(),
      }));
    const got = [...t.kou!.flatMap((bands, n) => asRows('kou', String(n), bands)), ...asRows('otsu', '', t.otsu!)];
    const want = rows.map((r) => ({
      column: r.column,
      dependents: r.dependents,
      rate: pct(r.rate_percent).toString(),
      lower: r.lower_incl_yen,
      upper: r.upper_excl_yen,
    }));
    expect(got).toEqual(want);
  });
});

describe('bonus spot values', () => {
  it('2026 甲 0 dependents: 82,000..94,000 -> "0.02042"; 乙 first band 0..224,000 -> 10.21 %', () => {
    const t = byVersion(masters().all('income_tax_bonus_table'), '2026-01');
    expect([s(t.kou![0][1].lower), s(t.kou![0][1].upper), s(t.kou![0][1].rate)]).toEqual(['82000', '94000', '0.02042']);
    expect([s(t.otsu![0].upper), s(t.otsu![0].rate)]).toEqual(['224000', '0.1021']);
    expect(t.kou!).toHaveLength(8);
  });
});

describe.each([
  { version: '2020-01', data: '2025' },
  { version: '2026-01', data: '2026' },
  { version: '2027-01', data: '2027' },
])('computer special $version (computer_method_$data.yaml)', ({ version, data }) => {
  it('has every tier of 第1表〜第4表', () => {
    const y = yaml(`income_tax/computer_method_${data}.yaml`);
    const t = byVersion(masters().all('income_tax_computer_special'), version);
    const norm = (tiers: Record<string, unknown>[], pre: string) =>
      tiers.map((x) =>
        Object.fromEntries(Object.entries(x).map(([k, v]) => [k.replace(`${pre}_`, ''), v === null ? null : d(v).toString()])),
      );
    const got = (tiers: Record<string, Decimal | null | undefined>[]) =>
      tiers.map((x) =>
        Object.fromEntries(
          Object.entries(x)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, v === null ? null : v!.toString()]),
        ),
      );
    expect(got(t.salary_deduction_tiers as never)).toEqual(norm(y.table1_employment_income_deduction.tiers, 'a'));
    expect(got(t.basic_deduction_tiers as never)).toEqual(norm(y.table3_basic_deduction.tiers, 'a'));
    expect(got(t.tax_tiers as never)).toEqual(norm(y.table4_tax.tiers, 'b'));
    expect(s(t.dependant_deduction_per_person)).toBe(String(y.table2_spouse_and_dependants.dependant_deduction_per_person));
  });
});
