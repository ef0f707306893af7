/**
 * New law in YAML alone, no code: a local levy of 0.1 % of gross from 2028-01-01 whose
 * rate is a parameter (masters/parameters/local_levy.yaml). It loads, every golden case still passes
 * against it, a 2028 payroll withholds it and sums it into the statutory total, and the mistakes the
 * issue hit are refused at load with the uncovered dates instead of failing at run time.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoadError, loadEngine } from '../../engine/index.ts';
import type { Decimal } from '../../engine/decimal.ts';
import { loadGoldenCases, runGoldenCase } from '../../tools/golden/runner.ts';
import { levyFiles, LEVY_RULE, LEVY_PARAMETERS, ROOT, treeWith } from './scenario.ts';

const cases = loadGoldenCases(join(ROOT, 'test/golden'));

function problemsOf(files: Record<string, string>) {
  const t = treeWith(files);
  try {
    loadEngine({ rulesDir: t.rules, mastersDir: t.masters });
  } catch (e) {
    if (e instanceof LoadError) return e.problems;
    throw e;
  }
  return [];
}

describe('the local levy scenario, YAML only', () => {
  const tree = treeWith(levyFiles());
  const engine = loadEngine({ rulesDir: tree.rules, mastersDir: tree.masters });
  const base = cases.find((c) => c.id === 'm-ei-gen-fy2024-last-day')!;

  it('loads, and every golden case passes against it with the same amounts', () => {
    const failed = cases.filter((c) => {
      const o = runGoldenCase(engine, c);
      return o.mismatches.length + o.problems.length > 0;
    });
    expect(cases.length).toBeGreaterThan(300);
    expect(failed.map((c) => c.id)).toEqual([]);
  });

  function paidOn(date: string) {
    const request = structuredClone(base.request) as Record<string, unknown>;
    request.payment_date = date;
    request.calculation_date = date;
    request.period = { payroll_month: date.slice(0, 7), start_date: `${date.slice(0, 7)}-01`, end_date: date };
    request.calculation_options = { include_calculation_trace: true };
    return engine.calculate('monthly_payroll', request, base.profile).toResult();
  }

  it('withholds 0.1 % of gross from 2028-01-01 and sums it into the statutory total', () => {
    const r = paidOn('2028-01-25');
    const sd = r.amounts.statutory_deductions as Record<string, Decimal | number>;
    // 250,250 x 0.001 = 250.25 -> 250 (50 sen or less down)
    expect(Number(sd.local_levy)).toBe(250);
    const lines = [
      'health_insurance',
      'care_insurance',
      'childcare_support_contribution',
      'employees_pension_insurance',
      'employment_insurance',
      'income_tax',
      'resident_tax',
      'local_levy',
    ];
    expect(Number(sd.total)).toBe(lines.reduce((s, k) => s + Number(sd[k]), 0));
    const step = r.calculation_trace.find((s) => s.step === 'local_levy')!;
    expect(step).toMatchObject({
      formula_code: 'deduction.local_levy.v1',
      input_refs: ['amounts.gross_payment', 'parameters.local_levy.rate'],
      raw_amount: '250.25',
      rounded_amount: 250,
    });
    expect((step.inputs as Record<string, unknown>).local_levy_rate).toBe('0.001');
    // the parameter value used is cited like a master table version
    expect(step.master_refs).toEqual([
      { type: 'parameter', id: 'local_levy.rate', version: '2028-01-01', effective_from: '2028-01-01', effective_to: null },
    ]);
  });

  it('leaves the levy out before 2028-01-01 (declared before_effective_from: absent), with no trace step', () => {
    const r = paidOn('2027-12-25');
    expect(Object.keys(r.amounts.statutory_deductions as object)).not.toContain('local_levy');
    expect(r.calculation_trace.map((s) => s.step)).not.toContain('local_levy');
    const plain = loadEngine()
      .calculate(
        'monthly_payroll',
        (() => {
          const q = structuredClone(base.request) as Record<string, unknown>;
          Object.assign(q, {
            payment_date: '2027-12-25',
            calculation_date: '2027-12-25',
            period: { payroll_month: '2027-12', start_date: '2027-12-01', end_date: '2027-12-25' },
          });
          return q;
        })(),
        base.profile,
      )
      .toResult();
    expect(JSON.parse(JSON.stringify(r.amounts))).toEqual(JSON.parse(JSON.stringify(plain.amounts)));
  });
});

describe('what the issue hit is refused at load, with the dates', () => {
  it('a step whose rule starts after the masters, with no before_effective_from: the uncovered dates', () => {
    const p = problemsOf(
      levyFiles({ 'rules/deduction/deduction.local_levy.v1.yaml': LEVY_RULE.replace('before_effective_from: absent\n', '') }),
    );
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ file: 'rules/deduction/deduction.local_levy.v1.yaml', path: '/effective_from' });
    expect(p[0].message).toMatch(
      /no version of deduction\.local_levy is in force 2020-01-01\.\.2027-12-31 \(the masters serve from 2020-01-01\)/,
    );
    expect(p[0].message).toMatch(/\(line 13\)/);
  });

  it('a gap between two versions of a step: refused with the gap', () => {
    const v2 = LEVY_RULE.replace('local_levy.v1', 'local_levy.v2')
      .replace('effective_from: "2028-01-01"', 'effective_from: "2028-04-01"')
      .replace('before_effective_from: absent\n', '');
    const p = problemsOf(
      levyFiles({
        'rules/deduction/deduction.local_levy.v1.yaml': LEVY_RULE.replace('effective_to: null', 'effective_to: "2028-02-29"'),
        'rules/deduction/deduction.local_levy.v2.yaml': v2,
      }),
    );
    expect(p.map((x) => `${x.file} ${x.path}: ${x.message}`)).toEqual([
      expect.stringMatching(
        /^rules\/deduction\/deduction\.local_levy\.v2\.yaml \/effective_from: gap after deduction\.local_levy\.v1 \(ends 2028-02-29\): no version in force 2028-03-01\.\.2028-03-31/,
      ),
    ]);
  });

  it('a rule whose period starts before its parameter has a value: the dates without one', () => {
    const p = problemsOf(levyFiles({ 'masters/parameters/local_levy.yaml': LEVY_PARAMETERS.replace('"2028-01-01":', '"2028-04-01":') }));
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ file: 'rules/deduction/deduction.local_levy.v1.yaml', path: '/inputs/local_levy_rate' });
    expect(p[0].message).toMatch(
      /parameters\.local_levy\.rate has no value in force 2028-01-01\.\.2028-03-31, within this rule's period 2028-01-01 on/,
    );
  });

  it('an undefined parameter, naming what the area declares', () => {
    const p = problemsOf(
      levyFiles({
        'rules/deduction/deduction.local_levy.v1.yaml': LEVY_RULE.replace('parameters.local_levy.rate', 'parameters.local_levy.rat'),
      }),
    );
    expect(p.map((x) => x.message)).toContainEqual(
      expect.stringMatching(/parameters\.local_levy\.rat is not defined \(masters\/parameters\/local_levy\.yaml declares rate\)/),
    );
  });

  it('a repealed value (value: null) inside the rule period', () => {
    const repealed =
      LEVY_PARAMETERS +
      `      "2029-01-01":\n        value: null\n        source: {artifact_id: scenario-repeal, publisher: Scenario City, document: Repeal ordinance, verification: read, confidence: high}\n`;
    const p = problemsOf(levyFiles({ 'masters/parameters/local_levy.yaml': repealed }));
    expect(p.map((x) => x.message)).toEqual([expect.stringMatching(/has no value in force 2029-01-01 on \(open-ended\)/)]);
  });
});
