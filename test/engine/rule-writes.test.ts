/**
 * A rule or prepare entry that writes into the calculation's inputs, or inside a value an earlier write
 * put there whole, is refused at load, with file, JSON path and line (engine/rules/check-writes.ts). Before, one writing into masters, profile, parameters,
 * settings or dates loaded and then threw on every calculation (those objects are shared and frozen); one
 * writing into request changed the caller's request under later steps. Each case is one line added to a
 * temporary copy of rules/.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRules } from '../../engine/rules/load.ts';
import { loadMasters } from '../../engine/masters/load.ts';

const root = join(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'rule-writes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const masters = loadMasters(join(root, 'masters'));

const RULE = 'social_insurance/social_insurance.insured_by_age.v1.yaml';
const PIPELINE = 'pipelines/monthly_payroll.yaml';

/** [case, file, the line after which the written line goes, the line, JSON path, message] */
const CASES: [string, string, string, string, string, RegExp][] = [
  ...['masters', 'profile', 'parameters', 'settings', 'dates', 'request'].map((input): [string, string, string, string, string, RegExp] => [
    `also_outputs into ${input}`,
    RULE,
    'also_outputs:',
    `  ${input}.extra: "@result"`,
    `/also_outputs/${input}.extra`,
    new RegExp(`also_outputs key ${input}\\.extra writes into ${input}: ${input} is one of the calculation's inputs`),
  ]),
  [
    'also_outputs into a root prepare made',
    RULE,
    'also_outputs:',
    '  employee.extra: "@result"',
    '/also_outputs/employee.extra',
    /also_outputs key employee\.extra writes into employee: a rule's results go under amounts or work/,
  ],
  [
    'prepare into the request',
    PIPELINE,
    'prepare:',
    '  request.base_pay: 0',
    '/prepare/request.base_pay',
    /prepare key request\.base_pay writes into request: request is one of the calculation's inputs/,
  ],
];

function rulesWith(name: string, file: string, after: string, line: string): { dir: string; lineNo: number } {
  const dir = join(tmp, name.replace(/\W+/g, '-'));
  cpSync(join(root, 'rules'), dir, { recursive: true });
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  const at = lines.indexOf(after);
  expect(at).toBeGreaterThanOrEqual(0);
  lines.splice(at + 1, 0, line);
  writeFileSync(join(dir, file), lines.join('\n'));
  return { dir, lineNo: at + 2 };
}

/** [case, the line after which the written line goes, the line, JSON path, message] (all in RULE) */
const NESTED: [string, string, string, string, RegExp][] = [
  [
    "inside the rule's own result",
    'also_outputs:',
    '  work.insured.basis.extra: "@result"',
    '/also_outputs/work.insured.basis.extra',
    /work\.insured\.basis\.extra writes inside work\.insured\.basis, a value rules\/social_insurance\/social_insurance\.insured_by_age\.v1\.yaml put there whole/,
  ],
  [
    "inside a prepare entry's value",
    'also_outputs:',
    '  work.computer_special.extra: "@result"',
    '/also_outputs/work.computer_special.extra',
    /work\.computer_special\.extra writes inside work\.computer_special, a value prepare entry work\.computer_special \(rules\/pipelines\/monthly_payroll\.yaml\) put there whole/,
  ],
];

describe('writes inside a value an earlier write put there whole are refused at load', () => {
  it.each(NESTED)('%s', (name, after, line, path, message) => {
    const { dir, lineNo } = rulesWith(name, RULE, after, line);
    const { problems } = loadRules(dir, masters);
    // one problem, though three pipelines run the rule
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: `rules/${RULE}`, path });
    expect(problems[0].message).toMatch(message);
    expect(problems[0].message).toContain(`line ${lineNo}`);
  });

  it('beside such a value loads (work.insured.extra next to work.insured.basis)', () => {
    const { dir } = rulesWith('beside', RULE, 'also_outputs:', '  work.insured.extra: "@result"');
    expect(loadRules(dir, masters).problems).toEqual([]);
  });
});

describe('writes into the calculation inputs are refused at load', () => {
  it.each(CASES)('%s', (name, file, after, line, path, message) => {
    const { dir, lineNo } = rulesWith(name, file, after, line);
    const { problems } = loadRules(dir, masters);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: `rules/${file}`, path });
    expect(problems[0].message).toMatch(message);
    expect(problems[0].message).toContain(`line ${lineNo}`);
  });

  it('the same line writing under work loads', () => {
    const { dir } = rulesWith('under work', RULE, 'also_outputs:', '  work.extra: "@result"');
    expect(loadRules(dir, masters).problems).toEqual([]);
  });
});
