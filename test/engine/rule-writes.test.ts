/**
 * A rule or prepare entry that writes into the calculation's inputs, or inside a value an earlier write
 * put there whole, is refused at load, with file, JSON path and line (engine/loading/rules/check-writes.ts).
 * Before, one writing into masters, profile, parameters, settings or dates loaded and then threw on every
 * calculation (those objects are shared and frozen); one writing into request changed the caller's
 * request under later steps; one inside a value written whole replaced it, threw or changed a shared
 * value. Each case is one line added to a temporary copy of rules/ (test/support/rules-copy.ts).
 */
import { describe, expect, it } from 'vitest';
import { loadRulesEdited } from '../support/rules-copy.ts';

const loadEdited = loadRulesEdited('rule-writes');

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
  [
    "inside the rule's own result",
    RULE,
    'also_outputs:',
    '  work.insured.basis.extra: "@result"',
    '/also_outputs/work.insured.basis.extra',
    /work\.insured\.basis\.extra writes inside work\.insured\.basis, a value rules\/social_insurance\/social_insurance\.insured_by_age\.v1\.yaml put there whole/,
  ],
  [
    "inside a prepare entry's value",
    RULE,
    'also_outputs:',
    '  work.computer_special.extra: "@result"',
    '/also_outputs/work.computer_special.extra',
    /work\.computer_special\.extra writes inside work\.computer_special, a value prepare entry work\.computer_special \(rules\/pipelines\/monthly_payroll\.yaml\) put there whole/,
  ],
];

/** The line added after the first line equal to `after`; answers its 1-based number. */
const adding = (after: string, line: string) => (lines: string[]) => {
  const at = lines.indexOf(after);
  expect(at).toBeGreaterThanOrEqual(0);
  lines.splice(at + 1, 0, line);
  return at + 2;
};

describe('writes into the calculation inputs, or inside a value written whole, are refused at load', () => {
  it.each(CASES)('%s', (name, file, after, added, path, message) => {
    const { line, problems } = loadEdited(name, file, adding(after, added));
    // one problem, though several pipelines may run the rule
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: `rules/${file}`, path });
    expect(problems[0].message).toMatch(message);
    expect(problems[0].message).toContain(`line ${line}`);
  });

  it.each([
    ['under work', '  work.extra: "@result"'],
    ['beside a value written whole (work.insured.extra next to work.insured.basis)', '  work.insured.extra: "@result"'],
  ])('a write %s loads', (name, added) => {
    expect(loadEdited(name, RULE, adding('also_outputs:', added)).problems).toEqual([]);
  });
});
