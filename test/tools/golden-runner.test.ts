/**
 * The golden runner as a specialist uses it: the diff names field, values, step, formula and rule file;
 * --filter, --update (values rewritten in place, comments kept), --help, one-line errors, a case that
 * cannot run fails alone, and the API's request schema applies. Fixture corpora only (never the live
 * test/golden for --update).
 */
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type Engine } from '../../engine/index.ts';
import { filterCases, loadGoldenCorpus, runGoldenCase } from '../../tools/golden/runner.ts';
import { oneYenMasters, PROJECT, removeTemp, tempDir } from './support/data-copies.ts';

const FIXTURES = join(PROJECT, 'test', 'fixtures', 'golden-runner');
const run = promisify(execFile);

async function golden(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', join(PROJECT, 'tools', 'golden.ts'), ...args], {
      cwd: PROJECT,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

let engine: Engine;
beforeAll(() => {
  engine = loadEngine();
});

describe('golden runner (functions)', () => {
  it('attributes a wrong amount to the step, formula code and rule file that produced it', () => {
    const { cases } = loadGoldenCorpus(join(FIXTURES, 'good'));
    const wrong = cases.find((c) => c.id === 'fixture-wrong')!;
    const outcome = runGoldenCase(engine, wrong);
    expect(outcome.problems).toEqual([]);
    expect(outcome.mismatches.map((m) => [m.path, m.expected, m.actual])).toEqual([
      [['amounts', 'income_tax'], 6000, 6220],
      [['trace', 0, 'rounded_amount'], 6000, 6220],
    ]);
    for (const m of outcome.mismatches) {
      expect(m.step).toEqual({
        step: 'income_tax',
        formula_code: 'income_tax.monthly_bracket_lookup.v1',
        rule_file: 'rules/income_tax/income_tax.monthly_bracket_lookup.v1.yaml',
      });
    }
    expect(
      runGoldenCase(
        engine,
        cases.find((c) => c.id === 'fixture-right')!,
      ).mismatches,
    ).toEqual([]);
  });

  it('filters on case id, file and tag', () => {
    const { cases } = loadGoldenCorpus(join(FIXTURES, 'good'));
    expect(filterCases(cases, /right$/).map((c) => c.id)).toEqual(['fixture-right']);
    expect(filterCases(cases, /^deliberately/).map((c) => c.id)).toEqual(['fixture-wrong']);
    expect(filterCases(cases, /cases\.yaml/).map((c) => c.id)).toEqual(['fixture-right', 'fixture-wrong']);
    expect(filterCases(cases, /nothing-matches/)).toEqual([]);
  });

  it('fails a request the API schema refuses, even though the engine would compute it', () => {
    const { cases } = loadGoldenCorpus(join(FIXTURES, 'invalid-request'));
    const outcome = runGoldenCase(engine, cases[0]);
    expect(outcome.problems).toHaveLength(1);
    expect(outcome.problems[0]).toMatch(/^the API would refuse this request \(validation_error\): .*withholding_column/);
  });

  it('a case whose calculation crashes fails alone, with the reason', () => {
    const { cases } = loadGoldenCorpus(join(FIXTURES, 'good'));
    const crashing = {
      ...engine,
      calculate: () => {
        throw new TypeError('boom');
      },
    } as Engine;
    expect(runGoldenCase(crashing, cases[0]).problems).toEqual(['the calculation crashed: boom']);
    expect(runGoldenCase(engine, cases[0]).problems).toEqual([]);
  });

  it('reports a broken file with its path and still loads the others', () => {
    const dir = tempDir('golden-corpus');
    cpSync(join(FIXTURES, 'good'), join(dir, 'good'), { recursive: true });
    cpSync(join(FIXTURES, 'broken'), join(dir, 'broken'), { recursive: true });
    const corpus = loadGoldenCorpus(dir);
    expect(corpus.cases.map((c) => c.id)).toEqual(['fixture-right', 'fixture-wrong']);
    expect(corpus.problems).toEqual(["broken/cases.yaml /: must have required property 'cases'"]);
    removeTemp(dir);
  });
});

describe('npm run golden (command line)', () => {
  let work: string;
  beforeAll(() => {
    work = tempDir('golden-cli');
  });
  afterAll(() => removeTemp(work));

  it('--help explains the options; an unknown flag or bad regex is one line, no stack trace', async () => {
    const help = await golden('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--filter REGEX');
    expect(help.stdout).toContain('--update');
    const bad = await golden('--bogus');
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual(["golden: Unknown option '--bogus' (see --help)"]);
    const regex = await golden('--filter', '(');
    expect(regex.code).toBe(2);
    expect(regex.stderr).toMatch(/^golden: --filter: Invalid regular expression/);
    expect(regex.stderr).not.toMatch(/\n\s+at /);
  });

  it('prints field, expected, actual, step, formula and rule file for each difference', async () => {
    const res = await golden('--dir', join(FIXTURES, 'good'));
    expect(res.code).toBe(1);
    expect(res.stdout).toContain(
      [
        'FAIL fixture-wrong  (cases.yaml)',
        '  amounts.income_tax',
        '      expected 6000',
        '      actual   6220',
        '      from step income_tax: income_tax.monthly_bracket_lookup.v1  (rules/income_tax/income_tax.monthly_bracket_lookup.v1.yaml)',
      ].join('\n'),
    );
    expect(res.stdout).toContain('golden: 1 passed, 1 failed');
    const filtered = await golden('--dir', join(FIXTURES, 'good'), '--filter', 'kou');
    expect(filtered.code).toBe(0);
    expect(filtered.stdout).toContain('golden: 1 passed, 0 failed');
  });

  it('a broken case file is one line naming file and path; the other files still run', async () => {
    const dir = join(work, 'mixed');
    cpSync(join(FIXTURES, 'good'), join(dir, 'good'), { recursive: true });
    cpSync(join(FIXTURES, 'broken'), join(dir, 'broken'), { recursive: true });
    const res = await golden('--dir', dir, '--filter', 'right');
    expect(res.code).toBe(1);
    expect(res.stdout).toContain("BROKEN broken/cases.yaml /: must have required property 'cases'\n");
    expect(res.stdout).toContain('golden: 1 passed, 0 failed, 1 broken file problems');
  });

  it('--update rewrites only the wrong values, keeping comments and descriptions', async () => {
    const dir = join(work, 'update');
    cpSync(join(FIXTURES, 'good'), dir, { recursive: true });
    const before = readFileSync(join(dir, 'cases.yaml'), 'utf8');
    const res = await golden('--dir', dir, '--update');
    // the description of the wrong case quotes the old figure: left to a person (exit 1), values written anyway
    expect(res.code).toBe(1);
    expect(res.stdout).toContain(
      'CHECK DESCRIPTION fixture-wrong  (cases.yaml): it quotes figures the case no longer expects; rework its arithmetic\n  quotes 6,000: was amounts.income_tax, now 6220\n',
    );
    expect(res.stdout).toContain(
      'golden --update: 2 values rewritten in 1 files; 1 descriptions quote old figures; 0 cases need a hand edit',
    );
    const after = readFileSync(join(dir, 'cases.yaml'), 'utf8');
    expect(after).toBe(
      before
        .replace('income_tax: 6000 # a comment that --update must keep', 'income_tax: 6220 # a comment that --update must keep')
        .replace('{ step: income_tax, rounded_amount: 6000 }', '{ step: income_tax, rounded_amount: 6220 }'),
    );
    expect((await golden('--dir', dir)).code).toBe(0);
  });

  it('--update leaves a field the result no longer has to a person, and says so', async () => {
    const dir = join(work, 'gone');
    cpSync(join(FIXTURES, 'good'), dir, { recursive: true });
    const file = join(dir, 'cases.yaml');
    const original = readFileSync(file, 'utf8').replace(
      'amounts: { income_tax_basis_amount: 252000, income_tax: 6220 }',
      'amounts: { income_tax_basis_amount: 252000, retired_amount: 5 }',
    );
    writeFileSync(file, original);
    const res = await golden('--dir', dir, '--update', '--filter', 'fixture-right');
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('  amounts.retired_amount: no longer in the result (expected 5); edit by hand');
    expect(readFileSync(file, 'utf8')).toBe(original);
  });

  it('--update after a one-yen table change names the figure the description still quotes, and only that one', async () => {
    const masters = oneYenMasters();
    const dir = join(work, 'stale');
    cpSync(join(FIXTURES, 'good'), dir, { recursive: true });
    const res = await golden('--dir', dir, '--masters', masters, '--update', '--filter', 'fixture-right');
    removeTemp(join(masters, '..'));
    expect(res.code).toBe(1);
    // "A = 252,000 ... row [251,000, 254,000) gives 6,220": the bounds and the basis still hold, the tax does not
    expect(res.stdout).toContain(
      'CHECK DESCRIPTION fixture-right  (cases.yaml): it quotes figures the case no longer expects; rework its arithmetic\n  quotes 6,220: was amounts.income_tax, now 6221\ngolden --update: 1 values rewritten in 1 files; 1 descriptions quote old figures; 0 cases need a hand edit',
    );
    expect(readFileSync(join(dir, 'cases.yaml'), 'utf8')).toContain('amounts: { income_tax_basis_amount: 252000, income_tax: 6221 }');
  });

  it('a one-yen change in a master shows up as a difference naming the withholding step', async () => {
    const masters = oneYenMasters();
    const res = await golden('--dir', join(FIXTURES, 'good'), '--masters', masters, '--filter', 'fixture-right');
    expect(res.code).toBe(1);
    expect(res.stdout).toContain(
      '  amounts.income_tax\n      expected 6220\n      actual   6221\n      from step income_tax: income_tax.monthly_bracket_lookup.v1',
    );
    removeTemp(join(masters, '..'));
  });

  it('unloadable masters: one line saying so, then each problem with file and path, exit 1, no stack trace', async () => {
    const missing = await golden('--masters', join(work, 'no-such-dir'));
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^golden: ENOENT: no such file or directory, scandir '.*no-such-dir'$/),
    ]);
    const broken = await golden('--masters', join(PROJECT, 'test', 'fixtures', 'masters-broken', 'rate-as-number'));
    expect(broken.code).toBe(1);
    expect(broken.stdout.trim().split('\n')).toEqual([
      'golden: not run, the rules and masters do not load (1 problem(s); npm run rules:check and masters:check show the same)',
      '  employees_pension/2020-09.yaml /employees_pension_insurance_employee_rate: must be string; 18.3 looks like a percentage: write the fraction, quoted ("0.183") (line 21)',
    ]);
    expect(broken.stdout + broken.stderr).not.toMatch(/\n\s+at /);
  });
});
