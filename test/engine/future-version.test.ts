/**
 * Proof that an annual update is data only: in a temporary copy of rules/ and masters/, add a new
 * kyokai rate table version (all 47 prefectures, HYPOTHETICAL rates) and a v2 of one rule, as a
 * specialist would in YAML, plus golden cases for them (test/fixtures/future-version/). The copy must
 * load with no problem, every real golden case (all dated before the new versions) must still pass, and
 * the new cases must pass with the new versions. Nothing here names how many rules or versions exist,
 * so it keeps proving the point as the real data grows.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadEngine } from '../../engine/index.ts';
import { checkMasters } from '../../engine/loading/masters/load.ts';
import { loadRules } from '../../engine/loading/rules/load.ts';
import { loadGoldenCases, runGoldenCase } from '../../tools/golden/runner.ts';

const root = join(import.meta.dirname, '../..');
const FIXTURE = join(root, 'test/fixtures/future-version');
const tmp = mkdtempSync(join(tmpdir(), 'future-version-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const RULES = join(tmp, 'rules');
const MASTERS = join(tmp, 'masters');
const NEW_TABLE = '2030-03'; // premium month March 2030, after every real golden case
const NEW_RULE_FROM = '2030-04-01';
const HYPOTHETICAL = {
  health_insurance_employee_rate: '0.05',
  care_insurance_employee_rate: '0.009',
  childcare_support_contribution_employee_rate: '0.0015',
};

/** The newest file of a folder, by name (versions and rule versions sort by name within their width). */
function newestFile(dir: string, pattern: RegExp): string {
  const files = readdirSync(dir).filter((f) => pattern.test(f));
  files.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return join(dir, files.at(-1)!);
}

/** Closes an open-ended version the day before its successor, editing only its effective_to line. */
function close(file: string, lastDay: string) {
  const text = readFileSync(file, 'utf8');
  expect(text).toMatch(/^effective_to: null/m);
  writeFileSync(file, text.replace(/^effective_to: null.*$/m, `effective_to: "${lastDay}"`));
}

function addKyokaiVersion() {
  const dir = join(MASTERS, 'social_insurance/kyokai_rates');
  const previous = newestFile(dir, /^\d{4}-\d{2}\.yaml$/);
  const doc = parse(readFileSync(previous, 'utf8'), { schema: 'core' });
  close(previous, '2030-02-28');
  doc.version = NEW_TABLE;
  doc.effective_from = `${NEW_TABLE}-01`;
  doc.effective_to = null;
  // the specialist's new file says how far its publisher's notice reaches (ADR 0105)
  doc.known_through = '2031-02-28';
  for (const record of doc.records) Object.assign(record, HYPOTHETICAL);
  expect(doc.records).toHaveLength(47);
  writeFileSync(
    join(dir, `${NEW_TABLE}.yaml`),
    `# HYPOTHETICAL rates, test only (test/fixtures/future-version/README.md)\n${stringify(doc)}`,
  );
}

function addRuleVersion() {
  const dir = join(RULES, 'social_insurance');
  const code = 'social_insurance.monthly.employee_contribution';
  const previous = newestFile(dir, new RegExp(`^${code.replace(/\./g, '\\.')}\\.v\\d+\\.yaml$`));
  const n = Number(/\.v(\d+)\.yaml$/.exec(previous)![1]) + 1;
  const text = readFileSync(previous, 'utf8');
  close(previous, '2030-03-31');
  const next = text
    .replace(/^formula_code: .*$/m, `formula_code: ${code}.v${n}`)
    .replace(/^title: (.*)$/m, 'title: $1 (hypothetical v' + n + ', test only)')
    .replace(/^effective_from: .*$/m, `effective_from: "${NEW_RULE_FROM}"`);
  writeFileSync(join(dir, `${code}.v${n}.yaml`), next);
}

cpSync(join(root, 'rules'), RULES, { recursive: true });
cpSync(join(root, 'masters'), MASTERS, { recursive: true });
addKyokaiVersion();
addRuleVersion();

describe('a data-only annual update (hypothetical kyokai 2030-03 and a rule v2)', () => {
  it('loads with no problem: masters checks, rule checks, engine start-up', () => {
    expect(checkMasters(MASTERS)).toEqual([]);
    expect(loadRules(RULES).problems).toEqual([]);
    expect(() => loadEngine({ rulesDir: RULES, mastersDir: MASTERS })).not.toThrow();
  });

  const engine = loadEngine({ rulesDir: RULES, mastersDir: MASTERS });

  it('every real golden case still passes with the same amounts', () => {
    const failures = loadGoldenCases(join(root, 'test/golden')).flatMap((c) =>
      runGoldenCase(engine, c).mismatches.map((m) => `${c.file} ${c.id}: ${m}`),
    );
    expect(failures).toEqual([]);
  });

  it.each(loadGoldenCases(join(FIXTURE, 'golden')).map((c) => [c.id, c] as const))(
    'the new golden case %s passes with the new versions',
    (_id, c) => {
      expect(runGoldenCase(engine, c).mismatches).toEqual([]);
    },
  );

  it('npm run golden, pointed at the copy and the new cases, passes', () => {
    const res = spawnSync(
      join(root, 'node_modules/.bin/tsx'),
      ['tools/golden.ts', '--dir', join(FIXTURE, 'golden'), '--rules', RULES, '--masters', MASTERS],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(res.stdout).toMatch(/^golden: 3 passed, 0 failed$/m);
    expect(res.status).toBe(0);
  }, 90_000);
});
