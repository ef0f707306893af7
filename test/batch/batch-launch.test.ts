/**
 * tools/batch-launch.mjs decides whether `npm run batch` may run the build (dist/batch.js) or must run
 * the sources: the build only when every file it was bundled from has the bytes it had then. Checked
 * here on a folder of its own (a metafile and inputs written by the test); the project's own build is
 * run by `npm run batch` in test/api/npm-start.test.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsFresh, INPUTS_FILE, METAFILE, recordBuild } from '../../tools/batch-launch.mjs';

let root: string;

/** A build of two inputs, one of them a package's file, recorded as npm run build records it. */
function recordedBuild(): void {
  mkdirSync(join(root, 'dist'));
  mkdirSync(join(root, 'tools'));
  mkdirSync(join(root, 'node_modules/pkg'), { recursive: true });
  writeFileSync(join(root, 'tools/batch.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'node_modules/pkg/index.js'), 'module.exports = 2;\n');
  writeFileSync(join(root, METAFILE), JSON.stringify({ inputs: { 'tools/batch.ts': {}, 'node_modules/pkg/index.js': {} }, outputs: {} }));
  expect(recordBuild(root)).toBe(2);
}

describe('npm run batch: the build or the sources (tools/batch-launch.mjs)', () => {
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'payroll-batch-launch-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('runs the build when every input has the bytes it was built from', () => {
    recordedBuild();
    expect(buildIsFresh(root)).toBe(true);
    const record = JSON.parse(readFileSync(join(root, INPUTS_FILE), 'utf8')) as { inputs: Record<string, string> };
    expect(Object.keys(record.inputs)).toEqual(['node_modules/pkg/index.js', 'tools/batch.ts']);
    expect(record.inputs['tools/batch.ts']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('runs the sources once one byte of a source or of a package changed', () => {
    recordedBuild();
    writeFileSync(join(root, 'tools/batch.ts'), 'export const a = 2;\n');
    expect(buildIsFresh(root)).toBe(false);
    writeFileSync(join(root, 'tools/batch.ts'), 'export const a = 1;\n');
    expect(buildIsFresh(root)).toBe(true);
    writeFileSync(join(root, 'node_modules/pkg/index.js'), 'module.exports = 3;\n');
    expect(buildIsFresh(root)).toBe(false);
  });

  it('runs the sources when an input is gone, or there is no build, or the record is of another layout or empty', () => {
    expect(buildIsFresh(root)).toBe(false); // nothing built
    recordedBuild();
    rmSync(join(root, 'node_modules/pkg/index.js'));
    expect(buildIsFresh(root)).toBe(false);
    const record = JSON.parse(readFileSync(join(root, INPUTS_FILE), 'utf8')) as { layout: string; inputs: Record<string, string> };
    writeFileSync(join(root, INPUTS_FILE), JSON.stringify({ ...record, layout: 'dist/other.js' }));
    expect(buildIsFresh(root)).toBe(false);
    writeFileSync(join(root, INPUTS_FILE), JSON.stringify({ layout: record.layout, inputs: {} }));
    expect(buildIsFresh(root)).toBe(false);
    writeFileSync(join(root, INPUTS_FILE), 'not json');
    expect(buildIsFresh(root)).toBe(false);
  });
});
