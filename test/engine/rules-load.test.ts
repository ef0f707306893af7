/**
 * Rule loading: the real rules load with no problem, and a broken rule is refused with its file and path
 * (unknown key, undeclared variable, unknown rounding, bad operator, overlapping versions, misnamed file).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CALCULATION_TYPES, loadEngine } from '../../engine/index.ts';
import { yamlFilesUnder } from '../../engine/util/yaml-file.ts';
import { loadRules } from '../../engine/loading/rules/load.ts';

const RULES = join(import.meta.dirname, '../../rules');
const tmp = mkdtempSync(join(tmpdir(), 'rules-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const GOOD = `formula_code: deduction.resident_tax.v1
step: resident_tax
step_type: statutory_deduction
title: Resident tax
formula: resident_tax_amount as given
inputs:
  resident_tax_amount: request.resident_tax_amount
masters: []
expression: {var: resident_tax_amount}
rounding_rule: null
output_key: amounts.statutory_deductions.resident_tax
effective_from: "2020-01-01"
effective_to: null
legal_source: test
`;

/** Rule files (every YAML file outside rules/pipelines): each loads as one rule version. */
const ruleFileCount = () => yamlFilesUnder(RULES).filter(([, rel]) => !rel.startsWith('pipelines/')).length;

/** A copy of the real rules with one file replaced or added. */
function rulesWith(name: string, file: string, text: string): string {
  const dir = join(tmp, name);
  cpSync(RULES, dir, { recursive: true });
  writeFileSync(join(dir, file), text);
  return dir;
}

describe('loadRules', () => {
  it('loads every real rule and pipeline without a problem', () => {
    const { rules, problems } = loadRules(RULES);
    expect(problems).toEqual([]);
    expect([...rules.pipelines.keys()].sort()).toEqual([...CALCULATION_TYPES].sort());
    expect(rules.registry.all().length).toBe(ruleFileCount());
    expect(rules.registry.pick('income_tax.monthly_bracket_lookup', '2026-05-25')?.doc.formula_code).toBe(
      'income_tax.monthly_bracket_lookup.v1',
    );
  });

  const cases: [string, string, string, RegExp][] = [
    ['unknown key', 'deduction/deduction.resident_tax.v1.yaml', GOOD + 'roundng: floor_yen\n', /\/roundng.*unknown key/],
    [
      'undeclared variable',
      'deduction/deduction.resident_tax.v1.yaml',
      GOOD.replace('{var: resident_tax_amount}', '{var: resident_tax}'),
      /\/expression.*"resident_tax" is neither an input/,
    ],
    [
      'unknown rounding',
      'deduction/deduction.resident_tax.v1.yaml',
      GOOD.replace('rounding_rule: null', 'rounding_rule: floor_sen'),
      /\/rounding_rule.*unknown rounding rule floor_sen/,
    ],
    [
      'unknown operator',
      'deduction/deduction.resident_tax.v1.yaml',
      GOOD.replace('{var: resident_tax_amount}', '{plus: [1, 2]}'),
      /\/expression.*plus/,
    ],
    ['duplicate key', 'deduction/deduction.resident_tax.v1.yaml', GOOD + 'step: resident_tax\n', /duplicate key \(line \d+/],
    [
      'overlapping versions',
      'deduction/deduction.resident_tax.v2.yaml',
      GOOD.replace('deduction.resident_tax.v1', 'deduction.resident_tax.v2').replace('"2020-01-01"', '"2026-01-01"'),
      /deduction\.resident_tax\.v2\.yaml \/effective_from.*overlaps deduction\.resident_tax\.v1/,
    ],
    [
      'file name differs from formula_code',
      'deduction/deduction.resident.v1.yaml',
      GOOD,
      /deduction\.resident\.v1\.yaml \/formula_code.*file name must be deduction\.resident_tax\.v1\.yaml/,
    ],
  ];
  it.each(cases)('refuses a rule with %s, naming file and path', (name, file, text, pattern) => {
    const { problems } = loadRules(rulesWith(name.replace(/\W+/g, '-'), file, text));
    const lines = problems.map((p) => `${p.file} ${p.path}: ${p.message}`).join('\n');
    expect(lines).toMatch(pattern);
    expect(problems.some((p) => p.file.includes(file.split('/')[1].slice(0, 12)))).toBe(true);
  });

  it('a rule names its rounding once: the rounding master holds no copy that could disagree', () => {
    const dir = rulesWith(
      'rounding-own',
      'deduction/deduction.resident_tax.v1.yaml',
      GOOD.replace('rounding_rule: null', 'rounding_rule: floor_yen').replace(
        'formula: resident_tax_amount as given',
        'formula: floor_yen(resident_tax_amount)',
      ),
    );
    expect(() => loadEngine({ rulesDir: dir })).not.toThrow();
  });
});

describe('npm run rules:check', () => {
  const run = (rulesDir: string) =>
    spawnSync(join(import.meta.dirname, '../../node_modules/.bin/tsx'), ['tools/rules-check.ts', '--rules', rulesDir], {
      cwd: join(import.meta.dirname, '../..'),
      encoding: 'utf8',
    });
  it('passes on the real rules and names file, path and problem on a broken one', () => {
    const ok = run(RULES);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(`${ruleFileCount()} rules and ${CALCULATION_TYPES.length} pipelines load and compile`);
    const bad = run(
      rulesWith(
        'cli-broken',
        'deduction/deduction.resident_tax.v1.yaml',
        GOOD.replace('{var: resident_tax_amount}', '{var: resident_tax}'),
      ),
    );
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(
      /rules\/deduction\/deduction\.resident_tax\.v1\.yaml \/expression: variable "resident_tax" is neither an input/,
    );
  });
});

describe('a pipeline’s master slots', () => {
  it('must include every slot whose version settings_snapshot reports', () => {
    const dir = join(tmp, 'pipeline-masters');
    cpSync(RULES, dir, { recursive: true });
    const file = join(dir, 'pipelines/monthly_payroll.yaml');
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^masters: \[.*\brounding, /m);
    writeFileSync(file, text.replace(/^(masters: \[.*)\brounding, /m, '$1'));
    const { problems } = loadRules(dir);
    expect(problems).toEqual([
      {
        file: 'rules/pipelines/monthly_payroll.yaml',
        path: '/masters',
        message: expect.stringMatching(/^missing slot rounding: settings_snapshot reports its version in every calculation \(line \d+\)$/),
      },
    ]);
  });
});
