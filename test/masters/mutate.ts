/** Copies some real master files into a temp tree, applying a text edit, to test one defect at a time. */
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { MASTERS_DIR } from './helpers.ts';

export function mutatedTree(
  files: string[],
  edit: (text: string, file: string) => string = (t) => t,
  rename: Record<string, string> = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), 'masters-'));
  for (const f of files) {
    const target = join(dir, rename[f] ?? f);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, edit(readFileSync(resolve(MASTERS_DIR, f), 'utf8'), f));
  }
  return dir;
}

/** Replaces exactly one occurrence (fails loudly if the text is not there, so a test cannot pass vacuously). */
export function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const out = text.replace(from, to);
  if (out === text) throw new Error(`edit did not apply: ${from}`);
  return out;
}
