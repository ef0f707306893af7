/**
 * The year-end adjustment serves exactly the tax years whose law the masters hold (issue 44): every
 * parameter of masters/parameters/year_end_adjustment.yaml ends with a `status: not_imported` entry from 2028-01-01,
 * so tax year 2028 is 422 settings_not_resolved naming what is missing, never the 2026-27 law. In temp copies
 * of the masters: serving 2028 is a YAML change (here a HYPOTHETICAL one that only moves the end a year on,
 * never law), and a parameter that ends on another date than the others is a load problem naming it.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { yearEndAdjustmentExample } from '../../engine/contract/examples.ts';
import { applyProfilePut, EngineError, LoadError, loadEngine, type Engine, type ProfilePutBody } from '../../engine/index.ts';
import { ROOT, treeWith } from './scenario.ts';

const PARAMETERS = 'masters/parameters/year_end_adjustment.yaml';
const text = readFileSync(join(ROOT, PARAMETERS), 'utf8');
const END = "      '2028-01-01':\n        value: null\n        status: not_imported\n";

const profile = applyProfilePut(
  [],
  {
    effective_from: '2020-01-01',
    social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
    employment_insurance_business_type: 'general',
  } as ProfilePutBody,
  { company_id: 'acme-tokyo', profile_id: 'prof-years' },
).versions;

/** E05 of the reference (pay 5,000,000, social insurance 720,000, withheld 120,000) in a tax year. */
const e05 = (year: number) => ({
  ...structuredClone(yearEndAdjustmentExample),
  calculation_date: `${year}-12-10`,
  tax_year: year,
  employee: { employee_ref: 'e-years' },
  salary_payment_total: 5000000,
  income_tax_withheld_total: 120000,
  social_insurance_withheld_total: 720000,
  declarations: {},
});

function refusal(engine: Engine, year: number): EngineError {
  try {
    engine.calculate('year_end_adjustment', e05(year), profile);
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error(`tax year ${year} was computed`);
}

function problemsOf(masters: string): string[] {
  try {
    loadEngine({ mastersDir: masters });
  } catch (e) {
    if (e instanceof LoadError) return e.problems.map((p) => `${p.file} ${p.path}: ${p.message}`);
    throw e;
  }
  return [];
}

describe('the tax years the year-end adjustment serves', () => {
  const real = loadEngine();

  it('every year-end parameter ends with the same not_imported entry (no open-ended value)', () => {
    const names = [...text.matchAll(/^ {2}([a-z_0-9]+):$/gm)].map((m) => m[1]);
    const ends = text.split(/^ {2}[a-z_0-9]+:$/m).slice(1);
    expect(names.length).toBeGreaterThan(40);
    ends.forEach((block, i) => expect(block, names[i]).toContain(END));
  });

  it('2027 is served with the 2026-27 law: E05 gives 91,800 (1,800,000 x 5% x 1.021, cut to 100 yen)', () => {
    const r = real.calculate('year_end_adjustment', e05(2027), profile).amounts as Record<string, number>;
    expect([r.taxable_income, r.annual_tax, r.difference]).toEqual([1800000, 91800, -28200]);
  });

  it('2028 is 422 settings_not_resolved naming the parameter and the date it is not imported from', () => {
    const e = refusal(real, 2028);
    expect(e.code).toBe('settings_not_resolved');
    expect(e.message).toContain('2028-12-31');
    expect(e.message).toMatch(/parameters\.year_end_adjustment\.\w+ is not imported from 2028-01-01/);
  });

  describe('in temp copies of the masters', () => {
    // HYPOTHETICAL: the end moved to 2029, as a specialist would do once the 2028 values are entered
    const served = treeWith({ [PARAMETERS]: text.replaceAll("      '2028-01-01':\n", "      '2029-01-01':\n") });
    const odd = treeWith({ [PARAMETERS]: text.replace(END, END.replace('2028', '2027')) });
    afterAll(() => [served, odd].forEach((t) => rmSync(t.root, { recursive: true, force: true })));

    it('serving 2028 is a YAML change: the same rules then compute it, and 2029 is refused', () => {
      const engine = loadEngine({ rulesDir: served.rules, mastersDir: served.masters });
      expect((engine.calculate('year_end_adjustment', e05(2028), profile).amounts as Record<string, number>).annual_tax).toBe(91800);
      expect(refusal(engine, 2029).message).toContain('not imported from 2029-01-01');
    });

    it('one parameter ending a year early is refused at load, naming it and the others', () => {
      const p = problemsOf(odd.masters);
      expect(p).toEqual([
        expect.stringMatching(
          /^parameters\/year_end_adjustment\.yaml \/parameters\/salary_max\/values: parameters\.year_end_adjustment\.salary_max is not imported from 2027-01-01, while the other \d+ parameters year_end_adjustment reads are not imported from 2028-01-01/,
        ),
      ]);
    });
  });
});
