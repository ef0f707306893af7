/**
 * Temporary copies of the project's masters (and rules) for tests that need a second data set: the
 * deliberate one-yen change is one cell of the 2026 monthly withholding table (甲欄, 0 dependents,
 * 251,000 <= A < 254,000: 6,220 -> 6,221), which several golden cases read.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PROJECT = join(import.meta.dirname, '..', '..', '..');
export const ONE_YEN_FILE = 'income_tax/monthly/2026-01.yaml';
const ROW = '  - [251000, 254000, 6220, 4590,';

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `payroll-${prefix}-`));
}

/** A copy of masters/ under a fresh temp dir (returned: the copy's path). */
export function copyMasters(): string {
  const dir = join(tempDir('masters'), 'masters');
  cpSync(join(PROJECT, 'masters'), dir, { recursive: true });
  return dir;
}

/** Changes the one cell in the masters copy at dir. Throws if the row is not where expected. */
export function applyOneYenChange(dir: string): void {
  const file = join(dir, ONE_YEN_FILE);
  const text = readFileSync(file, 'utf8');
  if (!text.includes(ROW)) throw new Error(`${file}: row 251000-254000 with 6220 not found`);
  writeFileSync(file, text.replace(ROW, '  - [251000, 254000, 6221, 4590,'));
}

export function oneYenMasters(): string {
  const dir = copyMasters();
  applyOneYenChange(dir);
  return dir;
}

export function removeTemp(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
