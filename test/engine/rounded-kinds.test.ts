/**
 * A rule with a rounding_rule whose expression can yield a string or a boolean, or an arithmetic operand
 * that can, as far as the form tells, is refused at load with file, path and line
 * (engine/logic/result-kinds.ts, engine/loading/rules/load.ts).
 * Before, it loaded and every calculation that took that branch failed ("expression did not yield a
 * number", a 500). Each case replaces the expression of one rounded rule in a temporary copy of rules/
 * (test/support/rules-copy.ts).
 */
import { describe, expect, it } from 'vitest';
import { loadRulesEdited } from '../support/rules-copy.ts';

const loadEdited = loadRulesEdited('rounded-kinds');

/** rounding_rule floor_yen; its expression: {"/": [{"*": [{var: hourly_base}, {var: absence_minutes}]}, 60]} */
const RULE = 'attendance/attendance.absence_deduction.v1.yaml';
const PRODUCT = '{"/": [{"*": [{var: hourly_base}, {var: absence_minutes}]}, 60]}';

/** RULE loaded with `expression` in place of its own; the line is the expression's. */
function loadWithExpression(expression: string) {
  return loadEdited(expression, RULE, (lines) => {
    const at = lines.findIndex((l) => l.startsWith('expression: '));
    expect(lines[at]).toBe(`expression: ${PRODUCT}`);
    lines[at] = `expression: ${expression}`;
    return at + 1;
  });
}

/** [case, expression, what the message says it can yield] */
const REFUSED: [string, string, string][] = [
  ['a string branch', `{if: [{var: absence_minutes}, ${PRODUCT}, none]}`, 'string'],
  ['a comparison', `{">": [${PRODUCT}, 0]}`, 'boolean'],
  ['an or with a string operand', `{or: [{var: absence_minutes}, "n/a"]}`, 'string'],
];

describe('a rounded rule that can yield something other than a number is refused at load', () => {
  it.each(REFUSED)('%s', (name, expression, kind) => {
    const { line, problems } = loadWithExpression(expression);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: `rules/${RULE}`, path: '/expression' });
    expect(problems[0].message).toMatch(new RegExp(`can yield ${kind} where rounding_rule floor_yen rounds a number`));
    expect(problems[0].message).toContain(`line ${line}`);
  });

  it('an operand taken as a number that can yield a string, with its JSON pointer and line', () => {
    const { line, problems } = loadWithExpression('{"/": [{"*": [{var: hourly_base}, minutes]}, 60]}');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: `rules/${RULE}`, path: '/expression/~1/0/*/1' });
    expect(problems[0].message).toMatch(/^operand 2 of "\*" can yield string where it takes a number/);
    expect(problems[0].message).toContain(`line ${line}`);
  });

  it("and so in every expression a rule or a pipeline evaluates: a warning's when, a step's when", () => {
    const warning = loadEdited('warning', RULE, (lines) => {
      const at = lines.findIndex((l) => l.startsWith('rounding_rule: '));
      lines.splice(at, 0, 'warnings:', '  - code: ABSENCE_LONG', '    when: {">": [{"*": [{var: absence_minutes}, hours]}, 0]}');
      return at + 3;
    });
    expect(warning.problems).toHaveLength(1);
    expect(warning.problems[0]).toMatchObject({ file: `rules/${RULE}`, path: '/warnings/0/when/>/0/*/1' });
    expect(warning.problems[0].message).toContain(`line ${warning.line}`);
    const PIPELINE = 'pipelines/monthly_payroll.yaml';
    const step = loadEdited('step when', PIPELINE, (lines) => {
      const at = lines.findIndex((l) => l.includes('{rule: pay_type.hourly.base_pay, when: '));
      lines[at] = '  - {rule: pay_type.hourly.base_pay, when: {">": [{"-": [{var: request.base_pay}, hourly]}, 0]}}';
      return at + 1;
    });
    expect(step.problems).toHaveLength(1);
    expect(step.problems[0].file).toBe(`rules/${PIPELINE}`);
    expect(step.problems[0].path).toMatch(/^\/steps\/\d+\/when\/>\/0\/-\/1$/);
    expect(step.problems[0].message).toMatch(/^operand 2 of "-" can yield string where it takes a number/);
    expect(step.problems[0].message).toContain(`line ${step.line}`);
  });

  it('numbers on every branch load, as do a var whose kind the form cannot tell and an if without its else', () => {
    // an if without its else yields null when no branch is taken: not refused (result-kinds.ts, notNumbers)
    for (const expression of [
      `{if: [{var: absence_minutes}, ${PRODUCT}, 0]}`,
      '{var: hourly_base}',
      `{if: [{var: absence_minutes}, ${PRODUCT}]}`,
    ]) {
      expect(loadWithExpression(expression).problems).toEqual([]);
    }
  });
});
