/**
 * A new KIND of table with no TypeScript: a parameter of unit `table` declares its columns and range
 * convention in data (masters/parameters/<area>.yaml), each dated value holds its rows, and a rule looks
 * a row up with the generic range_lookup operator at its own date.
 */
import { describe, expect, it } from 'vitest';
import { LoadError, loadEngine } from '../../engine/index.ts';
import type { Decimal } from '../../engine/decimal.ts';
import { loadGoldenCases } from '../../tools/golden/runner.ts';
import { join } from 'node:path';
import { levyFiles, LEVY_RULE, ROOT, treeWith } from './scenario.ts';

const SOURCE =
  '{artifact_id: scenario-ordinance, publisher: Scenario City, document: Local Levy Ordinance table 1, verification: read from the ordinance, confidence: high}';

const BRACKETS = `kind: parameters
area: local_levy
description: A local levy on gross pay by bracket (scenario)
parameters:
  brackets:
    description: Levy per gross-pay bracket, a fixed amount plus a rate on the excess over the bracket's floor
    unit: table
    columns:
      from: {unit: yen, description: lower bound of gross pay (inclusive)}
      to: {unit: yen, description: upper bound (exclusive; null = open), nullable: true}
      fixed: {unit: yen, description: fixed levy of the bracket}
      rate: {unit: rate, description: rate on the gross pay above from}
    range_convention: {bounds: [from, to], upper_end: exclusive, outside: error, not_found_error: settings_not_resolved, index: null}
    values:
      "2028-01-01":
        rows:
          - {from: 0, to: 200000, fixed: 0, rate: "0"}
          - {from: 200000, to: 500000, fixed: 100, rate: "0.001"}
          - {from: 500000, to: null, fixed: 400, rate: "0.002"}
        source: ${SOURCE}
      "2029-01-01":
        rows:
          - {from: 0, to: 300000, fixed: 0, rate: "0"}
          - {from: 300000, to: null, fixed: 200, rate: "0.001"}
        source: ${SOURCE}
    known_through: "2029-12-31"
`;

const BRACKET_RULE = LEVY_RULE.replace(
  'formula: round_50_sen(gross_payment x local_levy_rate)',
  'formula: round_50_sen(fixed + (gross_payment - from) x rate) of the bracket containing gross_payment',
)
  .replace('local_levy_rate: parameters.local_levy.rate', 'brackets: parameters.local_levy.brackets')
  .replace(
    'expression: {"*": [{var: gross_payment}, {var: local_levy_rate}]}',
    `bindings:
  bracket: {range_lookup: [{var: brackets}, {var: gross_payment}]}
expression: {"+": [{var: bracket.fixed}, {"*": [{"-": [{var: gross_payment}, {var: bracket.from}]}, {var: bracket.rate}]}]}`,
  );

describe('a new kind of table, declared in data', () => {
  const tree = treeWith(
    levyFiles({ 'masters/parameters/local_levy.yaml': BRACKETS, 'rules/deduction/deduction.local_levy.v1.yaml': BRACKET_RULE }),
  );
  const engine = loadEngine({ rulesDir: tree.rules, mastersDir: tree.masters });
  const base = loadGoldenCases(join(ROOT, 'test/golden')).find((c) => c.id === 'm-ei-gen-fy2024-last-day')!;
  const levyOn = (date: string) => {
    const q = structuredClone(base.request) as Record<string, unknown>;
    Object.assign(q, {
      payment_date: date,
      calculation_date: date,
      period: { payroll_month: date.slice(0, 7), start_date: `${date.slice(0, 7)}-01`, end_date: date },
    });
    return Number(
      (engine.calculate('monthly_payroll', q, base.profile).amounts.statutory_deductions as Record<string, Decimal>).local_levy,
    );
  };

  it('looks the row up in the version in force on the payment date', () => {
    // gross 250,250. 2028 table: bracket [200,000, 500,000): 100 + 50,250 x 0.001 = 150.25 -> 150
    expect(levyOn('2028-06-25')).toBe(150);
    // 2029 table: bracket [0, 300,000): 0 + 250,250 x 0 = 0
    expect(levyOn('2029-06-25')).toBe(0);
  });

  it('refuses rows that do not hold exactly the declared columns, with file, path and line', () => {
    const broken = BRACKETS.replace(
      '{from: 200000, to: 500000, fixed: 100, rate: "0.001"}',
      '{from: 210000, to: 500000, fixed: 100, rat: "0.001"}',
    );
    const t = treeWith(
      levyFiles({ 'masters/parameters/local_levy.yaml': broken, 'rules/deduction/deduction.local_levy.v1.yaml': BRACKET_RULE }),
    );
    let problems: { file: string; path: string; message: string }[] = [];
    try {
      loadEngine({ rulesDir: t.rules, mastersDir: t.masters });
    } catch (e) {
      problems = (e as LoadError).problems;
    }
    expect(problems.map((p) => `${p.file} ${p.path}: ${p.message}`)).toEqual([
      'parameters/local_levy.yaml /parameters/brackets/values/2028-01-01/rows/1: missing column "rate" (declared in columns) (line 18)',
      'parameters/local_levy.yaml /parameters/brackets/values/2028-01-01/rows/1/rat: unknown column "rat" (declared: from, to, fixed, rate) (line 18)',
    ]);
  });
});
