/**
 * No module of engine/ or server/ reads a file when it is imported (the API examples used to read masters/
 * and rules/ when the request schemas were imported, so moving a master file broke the import of a
 * request schema). Every module is imported in a child process whose file-system reads are recorded, from
 * another working directory and with PAYROLL_MASTERS_DIR pointing at nothing; only reads of code and
 * packages may happen. The detector is shown to catch a module that does read a file at import.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { yamlFilesUnder } from '../../engine/util/yaml-file.ts';
import { readdirSync } from 'node:fs';

const ROOT = join(import.meta.dirname, '../..');
/** tsx by its file (the child runs in another folder, where the package name would not resolve). */
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const elsewhere = mkdtempSync(join(tmpdir(), 'import-reads-'));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

/** Entry points that start a process (or a worker thread's work) when run: not modules meant to be imported. */
const ENTRY_POINTS = new Set(['server/boot/main.ts', 'server/boot/boot.ts', 'engine/loading/load-worker.ts']);

function modulesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f}`)
    .filter((f) => !ENTRY_POINTS.has(f));
}

function readsWhenImporting(files: string[]): string[] {
  const out = execFileSync(
    process.execPath,
    ['--import', TSX, join(ROOT, 'test/support/import-reads.ts'), ...files.map((f) => join(ROOT, f))],
    {
      cwd: elsewhere,
      env: { ...process.env, PAYROLL_MASTERS_DIR: join(elsewhere, 'no-masters'), PAYROLL_RULES_DIR: join(elsewhere, 'no-rules') },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return JSON.parse(out) as string[];
}

describe('importing a module reads no file', () => {
  it('catches a module that reads a data file at import', () => {
    expect(readsWhenImporting(['test/fixtures/import-reads/reads-yaml-at-import.ts'])).toEqual([
      join(ROOT, 'test/fixtures/import-reads/data.yaml'),
    ]);
  });

  it('no module of engine/ or server/ reads a file when imported', () => {
    const modules = [...modulesUnder('engine'), ...modulesUnder('server')];
    expect(modules.length).toBeGreaterThan(150);
    expect(yamlFilesUnder(join(ROOT, 'masters')).length).toBeGreaterThan(0); // the data is there to be read, were a module to read it
    expect(readsWhenImporting(modules)).toEqual([]);
  }, 60_000);
});
