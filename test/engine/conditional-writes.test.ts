/**
 * The load check sees conditional writes: a path a step reads must be written on every branch that
 * reaches the read (the writers' `when` conditions cover the reader's), or the loader refuses it naming
 * the pipeline file and line, the reader, the path and a branch left unwritten. The case of issue 47:
 * deleting the bracket-table step of monthly_payroll (then `when: !work.computer_special`) loaded, and then
 * 200 golden cases failed at run time with `operator "+" operand 1 is null`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { LoadError, loadEngine } from '../../engine/index.ts';
import { counterexample, formulaOf, strictReads, TRUE, type AtomNamer } from '../../engine/loading/rules/conditions.ts';
import { loadRulesEdited } from '../support/rules-copy.ts';

const root = join(import.meta.dirname, '../..');
const PIPELINE = 'pipelines/monthly_payroll.yaml';
const REVISION = 'standard_monthly_remuneration/standard_monthly_remuneration.revision.v1.yaml';
const BRACKET =
  '  - {rule: income_tax.monthly_bracket_lookup, when: {"!": {or: [{var: work.computer_special}, {var: work.pay_period_withholding}]}}}';
const NEITHER = '{or: [{var: work.computer_special}, {var: work.pay_period_withholding}]}';
const load = loadRulesEdited('conditional-writes');
/** the index of the reading step (deduction_aggregation.statutory_total) in the pipeline as it is */
const READER = (parse(readFileSync(join(root, 'rules', PIPELINE), 'utf8')) as { steps: { rule: string }[] }).steps.findIndex(
  (s) => s.rule === 'deduction_aggregation.statutory_total',
);

/** the bracket step's line replaced (null: deleted); the answer is the line of the reading step */
function bracketStep(replacement: string | null): (lines: string[]) => number {
  return (lines) => {
    const i = lines.indexOf(BRACKET);
    expect(i).toBeGreaterThan(0);
    if (replacement === null) lines.splice(i, 1);
    else lines[i] = replacement;
    return lines.findIndex((l) => l.includes('rule: deduction_aggregation.statutory_total')) + 1;
  };
}

/** [case, file, edit, the branch the load must name as unwritten (null: the set loads)] */
const CASES: [string, string, (lines: string[]) => number, string | null][] = [
  ['the bracket step deleted', PIPELINE, bracketStep(null), '!work.pay_period_withholding and !work.computer_special'],
  [
    'the bracket step on another condition',
    PIPELINE,
    bracketStep('  - {rule: income_tax.monthly_bracket_lookup, when: {"!": {var: request.attendance_input}}}'),
    'request.attendance_input and !work.pay_period_withholding and !work.computer_special',
  ],
  [
    'the bracket step without its condition (written twice, covered)',
    PIPELINE,
    bracketStep('  - {rule: income_tax.monthly_bracket_lookup}'),
    null,
  ],
  [
    'the bracket step on the same condition written with if',
    PIPELINE,
    bracketStep(`  - {rule: income_tax.monthly_bracket_lookup, when: {if: [${NEITHER}, false, true]}}`),
    null,
  ],
  [
    'the bracket step on the same condition written with !! and or',
    PIPELINE,
    bracketStep(`  - {rule: income_tax.monthly_bracket_lookup, when: {or: [{"!!": {"!": ${NEITHER}}}, false]}}`),
    null,
  ],
];

describe.each(CASES)('%s', (name, file, edit, unwritten) => {
  const { line, problems } = load(name, file, edit);
  if (unwritten === null) {
    it('loads', () => expect(problems).toEqual([]));
    return;
  }
  it('is refused at the reading step, naming the reader, the path and the branch left unwritten', () => {
    // the reading step's index: one less when the bracket step is gone
    const at = `/steps/${name.includes('deleted') ? READER - 1 : READER}`;
    const problem = problems.find((p) => p.path === at);
    expect(problem).toEqual({
      file: 'rules/pipelines/monthly_payroll.yaml',
      path: at,
      message: expect.stringContaining('step deduction_aggregation.statutory_total (rules/deduction_aggregation/'),
    });
    expect(problem!.message).toContain('reads amounts.statutory_deductions.income_tax, written only by ');
    expect(problem!.message).toContain('step income_tax.computer_special_tax when {"var":"work.computer_special"}');
    expect(problem!.message).toContain(`unwritten when ${unwritten}:`);
    expect(problem!.message).toContain(`(line ${line})`);
  });
});

describe('a reader guarded inside its rule', () => {
  it("loads when the rule's own condition implies the writer's (revision reads the grades only where they were found)", () => {
    expect(load('revision as is', REVISION, () => 0).problems).toEqual([]);
  });

  it('is refused when the condition does not (the grades read wherever an average exists)', () => {
    const { problems } = load('revision unguarded', REVISION, (lines) => {
      const i = lines.findIndex((l) => l.startsWith('  _counted:'));
      lines[i] = '  _counted: {"!=": [{"var": "average"}, null]}';
      return i + 1;
    });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0].file).toBe('rules/pipelines/standard_monthly_remuneration_determination.yaml');
    expect(problems[0].message).toMatch(
      /step standard_monthly_remuneration.revision \(rules\/standard_monthly_remuneration\/standard_monthly_remuneration.revision.v1.yaml \/bindings\/health_move\) reads work.determination.health_grade, written only by step standard_monthly_remuneration.grades when \{"!=":\[\{"var":"work.determination.basis"\},null\]\}; unwritten when .*work.determination.basis == null/,
    );
  });
});

describe('the deleted step, every way in', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'conditional-writes-cli-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  cpSync(join(root, 'rules'), tmp, { recursive: true });
  const lines = readFileSync(join(tmp, PIPELINE), 'utf8').split('\n');
  const line = bracketStep(null)(lines);
  writeFileSync(join(tmp, PIPELINE), lines.join('\n'));

  it('stops loadEngine (the server at start) with a LoadError', () => {
    expect(() => loadEngine({ rulesDir: tmp })).toThrow(LoadError);
  });

  it('fails npm run rules:check with FILE PATH: message (line N)', () => {
    const res = spawnSync(join(root, 'node_modules/.bin/tsx'), ['tools/rules-check.ts', '--rules', tmp], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    expect(res.stdout).toContain(`rules/pipelines/monthly_payroll.yaml /steps/${READER - 1}: step deduction_aggregation.statutory_total`);
    expect(res.stdout).toContain(`unwritten when !work.pay_period_withholding and !work.computer_special: `);
    expect(res.stdout).toContain(`(line ${line})`);
  }, 90_000);
});

/** every atom named as it is: no writes between the conditions compared */
const asIs: AtomNamer = (subject) => subject;
const valid = (expr: unknown) => counterexample(formulaOf(expr, asIs));
const x = (lit: string | null) => ({ '==': [{ var: 'x' }, lit] });

describe('the condition logic', () => {
  it.each<[string, unknown, string[] | undefined]>([
    ['a var or its negation', { or: [{ var: 'a' }, { '!': { var: 'a' } }] }, undefined],
    ['!! is truthiness', { or: [{ '!!': { var: 'a' } }, { '!': { var: 'a' } }] }, undefined],
    ['a var alone', { var: 'a' }, ['!a']],
    ['a and b, or not a', { or: [{ and: [{ var: 'a' }, { var: 'b' }] }, { '!': { var: 'a' } }] }, ['a', '!b']],
    ['!= is the negation of ==', { or: [x('hourly'), { '!=': [{ var: 'x' }, 'hourly'] }] }, undefined],
    ['a var equals one of two strings at most', { or: [{ '!': x('hourly') }, { '!': x('daily') }] }, undefined],
    ['a var need equal neither', { or: [x('hourly'), x('daily')] }, ['!(x == "hourly")', '!(x == "daily")']],
    [
      'numeric strings are not told apart ("1" and 1.0 may be equal)',
      { or: [{ '!': x('1') }, { '!': x('1.0') }] },
      ['{"==":[{"var":"x"},"1"]}', '{"==":[{"var":"x"},"1.0"]}'],
    ],
    ['equal to a non-empty string is truthy', { or: [{ '!': x('hourly') }, { var: 'x' }] }, undefined],
    ['equal to null is falsy', { or: [{ '!': x(null) }, { '!': { var: 'x' } }] }, undefined],
    [
      'an opaque comparison proves nothing',
      { or: [{ '>': [{ var: 'a' }, 0] }, { '<=': [{ var: 'a' }, 0] }] },
      ['!{">":[{"var":"a"},0]}', '!{"<=":[{"var":"a"},0]}'],
    ],
  ])('%s', (_name, expr, expected) => expect(valid(expr)).toEqual(expected));

  it('names atoms by the writes their vars had seen: the same text after a write is another atom', () => {
    let writes = 0;
    const named: AtomNamer = (subject) => `${subject}@${writes}`;
    const before = formulaOf({ var: 'a' }, named);
    writes++;
    expect(counterexample({ t: 'or', fs: [before, formulaOf({ '!': { var: 'a' } }, named)] })).toEqual(['!a', 'a']);
  });

  it.each<[string, unknown, string[]]>([
    ['a var under arithmetic', { '+': [{ var: 'a' }, 1] }, ['a']],
    [
      'not under !, !!, == or as a condition',
      { and: [{ '!': { var: 'a' } }, { '!!': { var: 'b' } }, { '==': [{ var: 'c' }, null] }, { var: 'd' }] },
      [],
    ],
    ['under the branch of an if, with its condition', { if: [{ var: 'g' }, { '+': [{ var: 'a' }, 1] }, 0] }, ['a when g']],
  ])('reads where a null fails: %s', (_name, expr, expected) => {
    const reads = strictReads(expr, TRUE, asIs).map(([path, guard]) =>
      guard === TRUE ? path : `${path} when ${counterexample({ t: 'not', f: guard }) ? 'g' : '?'}`,
    );
    expect(reads).toEqual(expected);
  });
});
