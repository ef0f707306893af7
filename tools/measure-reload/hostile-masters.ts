/**
 * A withholding table with far too many rows, as masters:import wrote before its bounds (issue 22): the
 * 2026 monthly table of a masters copy rewritten with `rows` rows (1,000,000: about 50 MB). Used by
 * measure:reload and by the tests of the loading bounds; never written into the project's own masters.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MONTHLY_TABLE = 'income_tax/monthly/2026-01.yaml';

export function writeOversizedMonthlyTable(dir: string, rows: number): void {
  const file = join(dir, MONTHLY_TABLE);
  const lines = readFileSync(file, 'utf8').split('\n');
  const kept = lines.filter((l) => !/^ {2}- \[\d/.test(l));
  const at = kept.findIndex((l) => l.startsWith('rows:')) + 1;
  const parts: string[] = [kept.slice(0, at).join('\n') + '\n'];
  for (let k = 0; k < rows; k++) parts.push(`  - [${k * 10}, ${k * 10 + 10}, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n`);
  parts.push(kept.slice(at).join('\n'));
  writeFileSync(file, parts.join(''));
}
