/**
 * Provenance of published versions: masters/published.lock fingerprints every
 * published version; a version in force edited in place is refused by masters:check until an amendment
 * (date, reason, new sha256) records it; versions not yet in force may change; closing a version and
 * editing comments are not changes; deleting a version in force is refused.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPublished, recordPublished } from '../../engine/loading/masters/published.ts';
import { MASTERS_DIR, ROOT } from './helpers.ts';

const TODAY = '2026-11-25';

function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'published-'));
  cpSync(MASTERS_DIR, dir, { recursive: true });
  return dir;
}

function edit(dir: string, rel: string, from: string | RegExp, to: string) {
  const path = join(dir, rel);
  const before = readFileSync(path, 'utf8');
  const after = before.replace(from, to);
  if (after === before) throw new Error(`edit did not apply: ${from}`);
  writeFileSync(path, after);
}

const EI_2025 = 'employment_insurance/2025-04.yaml';

describe('published versions', () => {
  it('the project masters match their recorded fingerprints', () => {
    const r = checkPublished(MASTERS_DIR, TODAY);
    expect(r.problems).toEqual([]);
    expect(r.recorded).toBeGreaterThanOrEqual(21);
  });

  it('a version in force edited in place is refused, naming the new sha256; an amendment entry admits it', () => {
    const dir = copy();
    edit(dir, EI_2025, 'employee_rate: "0.0055"', 'employee_rate: "0.0056"');
    const r = checkPublished(dir, TODAY);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ file: EI_2025, path: '/' });
    expect(r.problems[0].message).toMatch(
      /^published version in force since 2025-04-01 changed in place \(recorded sha256 [0-9a-f]{12}…, now [0-9a-f]{12}…\): restore it, or record the correction as an amendment/,
    );
    const sha = /sha256: ([0-9a-f]{64})\}$/.exec(r.problems[0].message)![1];
    const lock = readFileSync(join(dir, 'published.lock'), 'utf8').replace(
      new RegExp(`(  ${EI_2025.replace('/', '\\/').replace('.', '\\.')}:\\n    effective_from: [0-9-]+\\n    sha256: [0-9a-f]+\\n)`),
      `$1    amendments:\n      - {date: "2026-11-25", reason: "MHLW corrigendum of the general rate", sha256: ${sha}}\n`,
    );
    writeFileSync(join(dir, 'published.lock'), lock);
    const after = checkPublished(dir, TODAY);
    expect(after.problems).toEqual([]);
    expect(after.amendments).toBe(1);
    // --record never takes an in-force change over: the amendment stays the only record of it
    edit(dir, EI_2025, 'employee_rate: "0.0056"', 'employee_rate: "0.0057"');
    recordPublished(dir, TODAY);
    expect(checkPublished(dir, TODAY).problems).toHaveLength(1);
  });

  it('an amendment without a real reason is refused', () => {
    const dir = copy();
    const text = readFileSync(join(dir, 'published.lock'), 'utf8').replace(
      /( {2}employees_pension\/2020-09\.yaml:\n {4}effective_from: [0-9-]+\n {4}sha256: ([0-9a-f]+)\n)/,
      '$1    amendments:\n      - {date: "2026-11-25", reason: fix, sha256: $2}\n',
    );
    writeFileSync(join(dir, 'published.lock'), text);
    expect(checkPublished(dir, TODAY).problems.map((p) => `${p.file} ${p.path}`)).toEqual([
      'published.lock /versions/employees_pension~12020-09.yaml/amendments/0/reason',
    ]);
  });

  it('a version not yet in force may change (recorded again by --record); comments and closing a version are no change', () => {
    const dir = copy();
    edit(dir, 'employees_pension/2029-09.yaml', /standard_bonus_unit: 1000/, 'standard_bonus_unit: 1000\n# a comment');
    edit(dir, EI_2025, /^effective_to: .*$/m, 'effective_to: "2026-03-31"  # closed');
    edit(
      dir,
      'employees_pension/2029-09.yaml',
      /employees_pension_standard_bonus_monthly_cap: \d+/,
      'employees_pension_standard_bonus_monthly_cap: 1',
    );
    const r = checkPublished(dir, TODAY);
    expect(r.problems).toEqual([]);
    expect(r.changedBeforeEffect.map((v) => v.key)).toEqual(['employees_pension/2029-09.yaml']);
    expect(recordPublished(dir, TODAY)).toEqual({ added: 0, updated: 1 });
    expect(checkPublished(dir, TODAY).changedBeforeEffect).toEqual([]);
    // once its date has come, the same edit would need an amendment
    edit(
      dir,
      'employees_pension/2029-09.yaml',
      /employees_pension_standard_bonus_monthly_cap: 1$/m,
      'employees_pension_standard_bonus_monthly_cap: 2',
    );
    expect(checkPublished(dir, '2029-09-01').problems).toHaveLength(1);
  });

  it('a version in force that is deleted is refused', () => {
    const dir = copy();
    rmSync(join(dir, 'employment_insurance/2024-04.yaml'));
    expect(checkPublished(dir, TODAY).problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/published version employment_insurance\/2024-04\.yaml, in force since 2024-04-01, is gone/),
    ]);
  });

  it('parameters: each dated value is a published version', () => {
    const dir = copy();
    const SRC = '{artifact_id: a, publisher: P, document: D, verification: V, confidence: high}';
    mkdirSync(join(dir, 'parameters'), { recursive: true });
    writeFileSync(
      join(dir, 'parameters/levy.yaml'),
      `kind: parameters\narea: levy\ndescription: t\nparameters:\n  rate:\n    description: r\n    unit: rate\n    known_through: "2027-12-31"\n    values:\n      "2026-01-01": {value: "0.001", source: ${SRC}}\n      "2027-01-01": {value: "0.002", source: ${SRC}}\n`,
    );
    expect(recordPublished(dir, TODAY)).toEqual({ added: 2, updated: 0 });
    edit(dir, 'parameters/levy.yaml', '"0.001"', '"0.0015"');
    edit(dir, 'parameters/levy.yaml', '"0.002"', '"0.0025"');
    const r = checkPublished(dir, TODAY);
    expect(r.problems.map((p) => `${p.file} ${p.path}`)).toEqual(['parameters/levy.yaml /parameters/rate/values/2026-01-01']);
    expect(r.changedBeforeEffect.map((v) => v.key)).toEqual(['parameters/levy.yaml#rate@2027-01-01']);
  });

  it('masters:check --today refuses an in-place edit (exit 1) and prints the problem', () => {
    const dir = copy();
    edit(dir, EI_2025, 'employee_rate: "0.0055"', 'employee_rate: "0.0056"');
    const r = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), ['tools/masters-check.ts', '--dir', dir, '--today', TODAY], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^employment_insurance\/2025-04\.yaml \/: published version in force since 2025-04-01 changed in place/m);
  });
});
