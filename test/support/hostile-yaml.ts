/**
 * Data files an adversary (or a slip of masters:import) puts where rules and masters are read: a
 * withholding table with far too many rows, a "billion laughs" of nested aliases. Written into copies
 * of the project's folders, never into the project's own.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MONTHLY_TABLE = 'income_tax/monthly/2026-01.yaml';

/** The 2026 monthly table of the masters copy at dir rewritten with `rows` rows (1,000,000: about 50 MB). */
export function writeOversizedMonthlyTable(dir: string, rows: number): void {
  const file = join(dir, MONTHLY_TABLE);
  const lines = readFileSync(file, 'utf8').split('\n');
  const kept = lines.filter((l) => !/^ {2}- \[\d/.test(l));
  const at = kept.findIndex((l) => l.startsWith('rows:')) + 1;
  const out = kept.slice(0, at).join('\n') + '\n';
  const parts: string[] = [out];
  for (let k = 0; k < rows; k++) parts.push(`  - [${k * 10}, ${k * 10 + 10}, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n`);
  parts.push(kept.slice(at).join('\n'));
  writeFileSync(file, parts.join(''));
}

/** Seven levels of nine aliases each: 9^7 (4,782,969) strings once expanded. */
export const BILLION_LAUGHS = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
  .concat(['b', 'c', 'd', 'e', 'f', 'g'].map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdef'[i]}`).join(',')}]`))
  .join('\n');
