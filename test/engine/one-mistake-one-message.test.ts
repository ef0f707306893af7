/**
 * One mistake gives one message: a file that fails to parse is reported as such and
 * not again through its neighbours (no "newest version must be open-ended" on the previous version, no
 * "no rule file" for a rule file that exists); and the messages carry the hint a specialist needs: the
 * fraction for "9.8%", quoting for a YAML number, the step that writes an amount read too early, the
 * valid rounding names. --help on both checkers prints usage and exits 0.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoadError, loadEngine } from '../../engine/index.ts';
import { checkMasters } from '../../engine/loading/masters/load.ts';
import { ROOT, treeWith } from '../new-law/scenario.ts';

function problems(edit: (root: string) => void) {
  const t = treeWith({});
  edit(t.root);
  try {
    loadEngine({ rulesDir: t.rules, mastersDir: t.masters });
  } catch (e) {
    if (e instanceof LoadError) return e.problems.map((p) => `${p.file} ${p.path}: ${p.message}`);
    throw e;
  }
  return [];
}

const editFile = (root: string, rel: string, f: (t: string) => string) => {
  const path = join(root, rel);
  const before = readFileSync(path, 'utf8');
  const after = f(before);
  if (after === before) throw new Error(`edit did not apply to ${rel}`);
  writeFileSync(path, after);
};

describe('one mistake, one message', () => {
  it('a master file with a syntax error: only that error, not the previous version "must be open-ended"', () => {
    const p = problems((root) => editFile(root, 'masters/employment_insurance/2026-04.yaml', (t) => t.replace('records:', 'records: [')));
    expect(p).toHaveLength(1);
    expect(p[0]).toMatch(/^employment_insurance\/2026-04\.yaml /);
  });

  it('a rule file with a syntax error: only that error, not "no rule file" nor a coverage gap', () => {
    const p = problems((root) =>
      editFile(root, 'rules/deduction/deduction.resident_tax.v1.yaml', (t) => t.replace('inputs:', 'inputs: {')),
    );
    expect(p).toHaveLength(1);
    expect(p[0]).toMatch(/^rules\/deduction\/deduction\.resident_tax\.v1\.yaml \//);
  });

  it('a rule file failing its schema among versions: only the schema problem, no gap or overlap with its neighbour', () => {
    const p = problems((root) => {
      const v1 = 'rules/deduction/deduction.resident_tax.v1.yaml';
      editFile(root, v1, (t) => t.replace('effective_to: null', 'effective_to: "2027-12-31"'));
      const v2 = readFileSync(join(root, v1), 'utf8')
        .replace('resident_tax.v1', 'resident_tax.v2')
        .replace('effective_from: "2020-01-01"', 'effective_from: "2028-01-01"')
        .replace('effective_to: "2027-12-31"', 'effective_to: null')
        .replace('step: resident_tax', 'step: resident_tax\nstpe: typo');
      writeFileSync(join(root, 'rules/deduction/deduction.resident_tax.v2.yaml'), v2);
    });
    expect(p).toEqual([expect.stringMatching(/^rules\/deduction\/deduction\.resident_tax\.v2\.yaml \/stpe: unknown key/)]);
  });
});

describe('hints', () => {
  it('a master rate written as "9.8%": the fraction to write', () => {
    const t = treeWith({});
    editFile(t.root, 'masters/employment_insurance/2026-04.yaml', (s) => s.replace(/employee_rate: "0\.005"/, 'employee_rate: "0.5%"'));
    expect(checkMasters(t.masters).map((p) => p.message)).toEqual([
      expect.stringMatching(/"0\.5%" is a percentage: write the fraction \("0\.005"\)/),
    ]);
  });

  it('a master rate written as a YAML number: quote it', () => {
    const t = treeWith({});
    editFile(t.root, 'masters/employment_insurance/2026-04.yaml', (s) => s.replace(/employee_rate: "0\.005"/, 'employee_rate: 0.005'));
    expect(checkMasters(t.masters).map((p) => p.message)).toEqual([expect.stringMatching(/must be string; write it quoted \("0\.005"\)/)]);
  });

  it('a rule reading an amount a later step writes: which step writes it', () => {
    const p = problems((root) =>
      editFile(root, 'rules/pipelines/monthly_payroll.yaml', (t) =>
        t
          .replace('  - rule: payment_aggregation.gross_payment\n', '')
          .replace(
            '  - rule: payment_aggregation.net_payment\n',
            '  - rule: payment_aggregation.net_payment\n  - rule: payment_aggregation.gross_payment\n',
          ),
      ),
    );
    expect(p.length).toBeGreaterThan(0);
    expect(p).toContainEqual(
      expect.stringMatching(
        /amounts\.gross_payment is written later, by step gross_payment \(rules\/payment_aggregation\/payment_aggregation\.gross_payment\.v1\.yaml\): run this step after it/,
      ),
    );
  });

  it('an unknown rounding name: the valid ones listed', () => {
    const p = problems((root) =>
      editFile(root, 'rules/deduction/deduction.resident_tax.v1.yaml', (t) =>
        t.replace('rounding_rule: null', 'rounding_rule: round_half_up'),
      ),
    );
    expect(p).toEqual([
      expect.stringMatching(
        /unknown rounding rule round_half_up \(known: round_50_sen_or_less_down_over_50_sen_up_to_yen, floor_yen, ceil_yen, round_half_up_to_yen, round_half_up_to_10_yen, round_half_up_to_100_yen; or null for none\)/,
      ),
    ]);
  });
});

describe('--help', () => {
  it.each(['tools/rules-check.ts', 'tools/masters-check.ts'])('%s --help prints usage and exits 0', (tool) => {
    const r = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [tool, '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: npm run (rules|masters):check/);
    expect(r.stderr).toBe('');
  });
});
