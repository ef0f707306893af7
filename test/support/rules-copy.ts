/**
 * A temporary copy of rules/ with one file's lines changed, loaded with the real masters: for tests of
 * what the loader refuses (or lets through) in a rule or a pipeline, each case one edit. The copies live
 * under one temporary folder, removed after the file's tests.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { LoadProblem } from '../../engine/errors.ts';
import { loadMasters } from '../../engine/loading/masters/load.ts';
import { loadRules } from '../../engine/loading/rules/load.ts';

const root = join(import.meta.dirname, '../..');
let masters: ReturnType<typeof loadMasters> | undefined;

/**
 * `edit` gets the lines of rules/`file` and changes them in place, answering the 1-based line the
 * loader should name; the answer is that line and the load's problems.
 */
export function loadRulesEdited(
  prefix: string,
): (name: string, file: string, edit: (lines: string[]) => number) => { line: number; problems: LoadProblem[] } {
  const tmp = mkdtempSync(join(tmpdir(), `${prefix}-`));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  return (name, file, edit) => {
    const dir = join(tmp, name.replace(/\W+/g, '-'));
    cpSync(join(root, 'rules'), dir, { recursive: true });
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    const line = edit(lines);
    writeFileSync(join(dir, file), lines.join('\n'));
    masters ??= loadMasters(join(root, 'masters'));
    return { line, problems: loadRules(dir, masters).problems };
  };
}
