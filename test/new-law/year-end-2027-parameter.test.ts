/**
 * "A 2027 parameter change is a YAML change": in a temp copy of rules/ and masters/, a HYPOTHETICAL
 * 2027 value is added to one year-end-adjustment parameter, in masters/parameters/year_end_adjustment.yaml
 * only: 扶養控除 for a 一般の控除対象扶養親族 (general_dependent_deduction) of 400,000 instead of 380,000 from tax
 * year 2027. It is not law (no such amendment exists) and never goes into masters/. The 2027 adjustment then uses
 * it, the 2026 one does not, and nothing else moves: no TypeScript, no rule file is touched.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { yearEndAdjustmentExample } from '../../engine/contract/examples.ts';
import { applyProfilePut, loadEngine, type CalculationResult, type Engine, type ProfilePutBody } from '../../engine/index.ts';
import { ROOT, treeWith } from './scenario.ts';

const PARAMETERS = 'masters/parameters/year_end_adjustment.yaml';
const HYPOTHETICAL_2027 = `      '2027-01-01':
        value: 400000
        source:
          artifact_id: hypothetical-2027-test-only
          publisher: none (a test's hypothetical value, not law)
          document: test/new-law/year-end-2027-parameter.test.ts
          verification: none; HYPOTHETICAL, never in masters/
          confidence: hypothetical
`;

/** The parameters file with the hypothetical 2027 value appended to general_dependent_deduction's values. */
function withHypothetical2027(): string {
  const text = readFileSync(join(ROOT, PARAMETERS), 'utf8');
  const next = text.indexOf('\n  specific_dependent_deduction:');
  const start = text.indexOf('\n  general_dependent_deduction:');
  expect(start).toBeGreaterThan(0);
  expect(text.slice(start, next)).not.toContain("'2027-01-01'");
  // before the parameter's end (its not_imported entry of 2028), so the dates stay ascending
  const end = text.indexOf("\n      '2028-01-01':", start);
  expect(end).toBeGreaterThan(start);
  expect(end).toBeLessThan(next);
  return text.slice(0, end + 1) + HYPOTHETICAL_2027 + text.slice(end + 1);
}

const profile = applyProfilePut(
  [],
  {
    effective_from: '2020-01-01',
    social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
    employment_insurance_business_type: 'general',
  } as ProfilePutBody,
  { company_id: 'acme-tokyo', profile_id: 'prof-2027' },
).versions;

/** Pay 5,000,000 with one 一般 dependant (17 at 31 December of the tax year), nothing else declared. */
function adjust(engine: Engine, year: number): CalculationResult {
  const request = {
    ...structuredClone(yearEndAdjustmentExample),
    calculation_date: `${year}-12-10`,
    tax_year: year,
    employee: { employee_ref: 'e-2027' },
    salary_payment_total: 5000000,
    income_tax_withheld_total: 100000,
    social_insurance_withheld_total: 700000,
    declarations: { dependents: [{ birth_date: `${year - 17}-07-01`, estimated_total_income: 0 }] },
  };
  return engine.calculate('year_end_adjustment', request, profile).toResult();
}

const amounts = (r: CalculationResult) => JSON.parse(JSON.stringify(r.amounts));

describe('a hypothetical 2027 value of a year-end parameter, added in YAML only', () => {
  const tree = treeWith({ [PARAMETERS]: withHypothetical2027() });
  afterAll(() => rmSync(tree.root, { recursive: true, force: true }));
  const real = loadEngine();
  const hypothetical = loadEngine({ rulesDir: tree.rules, mastersDir: tree.masters });

  it('tax year 2027 takes the new value: the deduction is 400,000, taxable income 20,000 lower, the annual tax lower', () => {
    const now = adjust(real, 2027).amounts as any;
    const then = adjust(hypothetical, 2027).amounts as any;
    expect(now.deductions.dependents_and_disability).toBe(380000);
    expect(then.deductions.dependents_and_disability).toBe(400000);
    expect(now.taxable_income - then.taxable_income).toBe(20000);
    expect(then.annual_tax).toBeLessThan(now.annual_tax);
    // the same salary income and every other deduction
    expect(then.total_income).toBe(now.total_income);
    expect(then.deductions.basic).toBe(now.deductions.basic);
    expect(then.deductions.social_insurance).toBe(now.deductions.social_insurance);
  });

  it('the 2027 trace cites the parameter value of 2027-01-01', () => {
    const step = adjust(hypothetical, 2027).calculation_trace.find(
      (s) => s.formula_code === 'year_end_adjustment.dependents_and_disability.v1',
    )!;
    expect(step.master_refs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'parameter', id: 'year_end_adjustment.general_dependent_deduction', version: '2027-01-01' }),
      ]),
    );
  });

  it('tax year 2026 is exactly as before', () => {
    expect(amounts(adjust(hypothetical, 2026))).toEqual(amounts(adjust(real, 2026)));
    expect((adjust(hypothetical, 2026).amounts as any).deductions.dependents_and_disability).toBe(380000);
  });

  it("the only change is that YAML file: the copied rules and every other master are the project's", () => {
    expect(readFileSync(join(tree.masters, 'parameters/year_end_adjustment.yaml'), 'utf8')).toContain('confidence: hypothetical');
    expect(readFileSync(join(ROOT, PARAMETERS), 'utf8')).not.toContain('hypothetical');
    expect(hypothetical.provenance().rules_masters_hash).not.toBe(real.provenance().rules_masters_hash);
  });
});
