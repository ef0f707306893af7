/**
 * The new-law scenario's local levy, written as a specialist would write it: YAML only, in a temp copy of rules/
 * and masters/. 0.1 % of gross pay from 2028-01-01, the rate a parameter, the step skipped before
 * (before_effective_from: absent), the statutory total's new version adding it from the same day.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');

export const LEVY_PARAMETERS = `kind: parameters
area: local_levy
description: A local levy on gross pay (the issue-18 scenario; not a real levy)
parameters:
  rate:
    description: Levy rate applied to the month's gross payment
    unit: rate
    legal_basis: Local Levy Ordinance (scenario) art. 3
    range: {min: "0", max: "0.01", basis: "Ordinance art. 3 caps the rate at 1 %"}
    known_through: "2028-12-31"
    values:
      "2028-01-01":
        value: "0.001"
        source: {artifact_id: scenario-ordinance, publisher: Scenario City, document: Local Levy Ordinance art. 3, verification: read from the ordinance text, confidence: high}
`;

export const LEVY_RULE = `formula_code: deduction.local_levy.v1
step: local_levy
step_type: statutory_deduction
title: Local levy
formula: round_50_sen(gross_payment x local_levy_rate)
inputs:
  gross_payment: amounts.gross_payment
  local_levy_rate: parameters.local_levy.rate
masters: []
expression: {"*": [{var: gross_payment}, {var: local_levy_rate}]}
rounding_rule: round_50_sen_or_less_down_over_50_sen_up_to_yen
output_key: amounts.statutory_deductions.local_levy
effective_from: "2028-01-01"
effective_to: null
before_effective_from: absent
legal_source: Local Levy Ordinance (scenario) art. 3
`;

/** The pipeline's declaration of the levy's output (docs/rules.md "Outputs"), placed after resident_tax's. */
export const LEVY_DECLARATION =
  "      local_levy: {type: yen, optional: true, description: 'Local levy (scenario), 0.1 % of gross payment; absent before 2028-01-01.'}\n";
const LEVY_DECLARATION_AFTER = "      resident_tax: {type: yen, description: 'Resident tax, as given in the request.'}\n";

const TOTAL_V1 = 'rules/deduction_aggregation/deduction_aggregation.statutory_total.v1.yaml';

/** A scenario tree: copies of rules/ and masters/, then `files` (relative path -> text) written over them. */
export function treeWith(files: Record<string, string>): { rules: string; masters: string; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'new-law-'));
  cpSync(join(ROOT, 'rules'), join(root, 'rules'), { recursive: true });
  cpSync(join(ROOT, 'masters'), join(root, 'masters'), { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return { rules: join(root, 'rules'), masters: join(root, 'masters'), root };
}

/** The levy as a specialist adds it: parameter, rule, pipeline step and output declaration, statutory total v1 closed and v2 with the levy. */
export function levyFiles(overrides: Record<string, string> = {}): Record<string, string> {
  const v1 = readFileSync(join(ROOT, TOTAL_V1), 'utf8');
  const v2 = v1
    .replace('statutory_total.v1', 'statutory_total.v2')
    .replace(
      'resident_tax: amounts.statutory_deductions.resident_tax',
      'resident_tax: amounts.statutory_deductions.resident_tax\n  local_levy: amounts.statutory_deductions.local_levy',
    )
    .replace('{var: resident_tax}]}', '{var: resident_tax}, {var: local_levy}]}')
    .replace('effective_from: "2020-01-01"', 'effective_from: "2028-01-01"')
    .replace('+ resident tax', '+ resident tax + local levy');
  const pipeline = readFileSync(join(ROOT, 'rules/pipelines/monthly_payroll.yaml'), 'utf8')
    .replace(
      '  - rule: deduction_aggregation.statutory_total',
      '  - rule: deduction.local_levy\n  - rule: deduction_aggregation.statutory_total',
    )
    // the output declared with the other statutory deductions: absent before 2028, hence optional
    .replace(LEVY_DECLARATION_AFTER, `${LEVY_DECLARATION_AFTER}${LEVY_DECLARATION}`);
  return {
    'masters/parameters/local_levy.yaml': LEVY_PARAMETERS,
    'rules/deduction/deduction.local_levy.v1.yaml': LEVY_RULE,
    [TOTAL_V1]: v1.replace('effective_to: null', 'effective_to: "2027-12-31"'),
    'rules/deduction_aggregation/deduction_aggregation.statutory_total.v2.yaml': v2,
    'rules/pipelines/monthly_payroll.yaml': pipeline,
    ...overrides,
  };
}
