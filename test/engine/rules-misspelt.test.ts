/**
 * A misspelt context path, master slot, error code or rounding name in a rule is refused at load, by
 * every way in: loadRules, loadEngine, `npm run rules:check`, `npm run golden` (one clear report, no
 * stack trace) and the server's start-up. Each problem names the file, the JSON path and the line.
 * Fixtures: test/fixtures/rules-misspelt/<case>/, each one rule laid over a temporary copy of rules/.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LoadError, loadEngine } from '../../engine/index.ts';
import { loadRules } from '../../engine/loading/rules/load.ts';

const root = join(import.meta.dirname, '../..');
const FIXTURES = join(root, 'test/fixtures/rules-misspelt');
const RULE = 'deduction/deduction.resident_tax.v1.yaml';
const tmp = mkdtempSync(join(tmpdir(), 'rules-misspelt-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** [fixture, JSON path of the mistake, the misspelt text (its line is the expected line), message] */
const CASES: [string, string, string, RegExp][] = [
  ['master-path', '/inputs/rate', 'employe_rate', /masters\.employment_insurance has no field employe_rate \(it has: .*employee_rate/],
  [
    'amount-path',
    '/inputs/subject',
    'social_insurance_subjct_amount',
    /amounts has no field social_insurance_subjct_amount \(it has: .*social_insurance_subject_amount/,
  ],
  ['master-slot', '/masters/0', 'employment_insurace', /unknown master slot employment_insurace \(known: .*employment_insurance/],
  [
    'fail-if-code',
    '/bindings/_given/fail_if',
    'resident_tax_not_given',
    /unknown error code "resident_tax_not_given" \(known: .*settings_not_resolved/,
  ],
  [
    'slot-not-resolved',
    '/inputs/grades',
    'masters.health_grades',
    /masters has no field health_grades \(it has: .*employment_insurance.*\) \(pipeline monthly_payroll\)/,
  ],
  ['rounding-name', '/rounding_rule', 'round_half_up_to_yenn', /unknown rounding rule round_half_up_to_yenn/],
];

function rulesWithFixture(fixture: string): string {
  const dir = join(tmp, fixture);
  cpSync(join(root, 'rules'), dir, { recursive: true });
  // the fixture is the only version of its code, whatever versions the live rules have by then
  for (const f of readdirSync(join(dir, 'deduction'))) if (f.startsWith('deduction.resident_tax.v')) rmSync(join(dir, 'deduction', f));
  cpSync(join(FIXTURES, fixture), dir, { recursive: true });
  return dir;
}

function lineOf(fixture: string, text: string): number {
  const lines = readFileSync(join(FIXTURES, fixture, RULE), 'utf8').split('\n');
  const i = lines.findIndex((l) => l.includes(text));
  expect(i).toBeGreaterThanOrEqual(0);
  return i + 1;
}

function run(args: string[], env: Record<string, string> = {}) {
  return spawnSync(join(root, 'node_modules/.bin/tsx'), args, {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ...env },
  });
}

describe.each(CASES)('a rule with a mistake (%s)', (fixture, path, text, message) => {
  const dir = rulesWithFixture(fixture);
  const expected = () => ({ file: `rules/${RULE}`, path, message: expect.stringMatching(message) });

  it('is refused by the rule loader naming file, JSON path and line', () => {
    const { problems } = loadRules(dir);
    const problem = problems.find((p) => p.file === `rules/${RULE}` && p.path === path);
    expect(problem).toEqual(expected());
    expect(problem!.message).toContain(`(line ${lineOf(fixture, text)})`);
  });

  it('stops loadEngine with a LoadError', () => {
    expect(() => loadEngine({ rulesDir: dir })).toThrow(LoadError);
    try {
      loadEngine({ rulesDir: dir });
    } catch (e) {
      expect((e as LoadError).problems).toContainEqual(expected());
    }
  });

  it('fails npm run rules:check with FILE PATH: message (line N)', () => {
    const res = run(['tools/rules-check.ts', '--rules', dir]);
    expect(res.status).toBe(1);
    expect(res.stdout).toContain(`rules/${RULE} ${path}: `);
    expect(res.stdout).toMatch(message);
    expect(res.stdout).toContain(`(line ${lineOf(fixture, text)})`);
  }, 90_000);
});

describe('whole-program refusals', () => {
  it('npm run golden reports a rule set that does not load as one line and the problems, no stack trace', () => {
    const dir = rulesWithFixture('master-path');
    const res = run(['tools/golden.ts', '--rules', dir]);
    expect(res.status).toBe(1);
    expect(res.stdout.split('\n')[0]).toMatch(/^golden: not run, the rules and masters do not load \(1 problem\(s\)/);
    expect(res.stdout).toContain(`rules/${RULE} /inputs/rate: `);
    expect(res.stdout + res.stderr).not.toMatch(/\n\s+at /);
  }, 90_000);

  it.each([['master-path'], ['fail-if-code']])(
    'the server refuses to start on a rule with a mistake (%s)',
    (fixture) => {
      const dir = rulesWithFixture(fixture);
      const db = mkdtempSync(join(tmpdir(), 'refusal-'));
      try {
        const res = run(['server/boot/main.ts'], {
          PORT: '0',
          PAYROLL_DB: join(db, 'x.sqlite'),
          PAYROLL_DATABASE_URL: '',
          PAYROLL_RULES_DIR: dir,
        });
        expect(res.status).toBe(1);
        const out = res.stdout + res.stderr;
        expect(out).not.toMatch(/"msg":"listening"/);
        const refusal = out
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l))
          .find((l) => /could not load its masters and rules/.test(l.msg));
        const [, path, text, message] = CASES.find(([f]) => f === fixture)!;
        expect(refusal.problems).toContainEqual({ file: `rules/${RULE}`, path, message: expect.stringMatching(message) });
        expect(JSON.stringify(refusal.problems)).toContain(`(line ${lineOf(fixture, text)})`);
        // and as a readable line an editor can jump to, with no stack
        expect(res.stderr).toContain(`rules/${RULE}:${lineOf(fixture, text)}: ${path}: `);
        expect(out).not.toMatch(/"stack"/);
      } finally {
        rmSync(db, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
