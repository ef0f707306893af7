/**
 * The checking tools take hostile data files calmly: masters:check on a 1,000,000-row withholding table
 * names the file and the size bound (it died of heap exhaustion before), rules:check and masters:check
 * on a "billion laughs" of nested aliases print one line naming the file (a stack trace before), each
 * with exit 1.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BILLION_LAUGHS, MONTHLY_TABLE, writeOversizedMonthlyTable } from '../support/hostile-yaml.ts';
import { copyMasters, PROJECT, removeTemp, tempDir } from './support/data-copies.ts';
import { toolCli } from './support/import-cli.ts';

const temps: string[] = [];
afterAll(() => temps.forEach(removeTemp));
const mastersCopy = () => {
  const dir = copyMasters();
  temps.push(join(dir, '..'));
  return dir;
};
const STACK = /\n\s+at |heap out of memory|ReferenceError/;

describe('checking tools on hostile data files', () => {
  it('masters:check on a 1,000,000-row table: one line naming the file and the bound, exit 1', async () => {
    const masters = mastersCopy();
    writeOversizedMonthlyTable(masters, 1_000_000);
    const r = await toolCli('masters-check.ts', '--dir', masters);
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^${MONTHLY_TABLE} /: refused before parsing: \\d+ bytes, above the bound of 1048576 bytes per file`),
      ),
      `masters:check: 1 problem(s) in ${masters}`,
    ]);
    expect(r.stdout + r.stderr).not.toMatch(STACK);
  }, 60_000);

  it('masters:check on a billion laughs: one line naming the file, exit 1', async () => {
    const masters = mastersCopy();
    writeFileSync(join(masters, 'laughs.yaml'), BILLION_LAUGHS);
    const r = await toolCli('masters-check.ts', '--dir', masters);
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^laughs\.yaml \/: refused: its aliases expand more than 100 times/),
      `masters:check: 1 problem(s) in ${masters}`,
    ]);
    expect(r.stdout + r.stderr).not.toMatch(STACK);
  }, 60_000);

  it('rules:check on a billion laughs: one line naming the file, exit 1', async () => {
    const rules = join(tempDir('rules'), 'rules');
    temps.push(join(rules, '..'));
    cpSync(join(PROJECT, 'rules'), rules, { recursive: true });
    writeFileSync(join(rules, 'laughs.yaml'), BILLION_LAUGHS);
    const r = await toolCli('rules-check.ts', '--rules', rules);
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^rules\/laughs\.yaml \/: refused: its aliases expand more than 100 times/),
      'rules:check: 1 problem(s)',
    ]);
    expect(r.stdout + r.stderr).not.toMatch(STACK);
  }, 60_000);
});
