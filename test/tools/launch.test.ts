/**
 * tools/launch.mjs decides whether `npm run batch` / `npm run admin` may run the build (dist/batch.js,
 * dist/admin.js) or must run the sources: the build only when every file it was bundled from has the
 * bytes it had then, or when the sources cannot run (no tsx, no sources: a production install).
 * Checked here on a folder of its own (a metafile and inputs written by the test); the project's own
 * build is run by `npm run batch` in test/api/npm-start.test.ts and by `npm run admin` in test/tools/admin-launch.test.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsFresh, inputsFileOf, metafileOf, recordBuild, whatRuns } from '../../tools/launch.mjs';

let root: string;
const INPUTS_FILE = inputsFileOf('batch');

/** A build of two inputs, one of them a package's file, recorded as npm run build records it. */
function recordedBuild(): void {
  mkdirSync(join(root, 'dist'));
  mkdirSync(join(root, 'tools'));
  mkdirSync(join(root, 'node_modules/pkg'), { recursive: true });
  writeFileSync(join(root, 'tools/batch.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'dist/batch.js'), 'export {};\n');
  writeFileSync(join(root, 'node_modules/pkg/index.js'), 'module.exports = 2;\n');
  writeFileSync(
    join(root, metafileOf('batch')),
    JSON.stringify({ inputs: { 'tools/batch.ts': {}, 'node_modules/pkg/index.js': {} }, outputs: {} }),
  );
  expect(recordBuild('batch', root)).toBe(2);
}

/** A tsx the launcher can resolve from the folder, as a development install has. */
function installTsx(): void {
  mkdirSync(join(root, 'node_modules/tsx/esm'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{}');
  writeFileSync(join(root, 'node_modules/tsx/package.json'), JSON.stringify({ name: 'tsx', exports: { './esm/api': './esm/api.js' } }));
  writeFileSync(join(root, 'node_modules/tsx/esm/api.js'), 'module.exports = {};\n');
}

describe('npm run batch and npm run admin: the build or the sources (tools/launch.mjs)', () => {
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'payroll-launch-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('runs the build when every input has the bytes it was built from', () => {
    recordedBuild();
    expect(buildIsFresh('batch', root)).toBe(true);
    const record = JSON.parse(readFileSync(join(root, INPUTS_FILE), 'utf8')) as { inputs: Record<string, string> };
    expect(Object.keys(record.inputs)).toEqual(['node_modules/pkg/index.js', 'tools/batch.ts']);
    expect(record.inputs['tools/batch.ts']).toMatch(/^[0-9a-f]{64}$/);
    installTsx();
    expect(whatRuns('batch', root)).toBe('build');
  });

  it('runs the sources once one byte of a source or of a package changed', () => {
    recordedBuild();
    installTsx();
    writeFileSync(join(root, 'tools/batch.ts'), 'export const a = 2;\n');
    expect(buildIsFresh('batch', root)).toBe(false);
    expect(whatRuns('batch', root)).toBe('sources');
    writeFileSync(join(root, 'tools/batch.ts'), 'export const a = 1;\n');
    expect(buildIsFresh('batch', root)).toBe(true);
    writeFileSync(join(root, 'node_modules/pkg/index.js'), 'module.exports = 3;\n');
    expect(buildIsFresh('batch', root)).toBe(false);
  });

  it('runs the sources when an input is gone, or there is no build, or the record is of another layout or empty', () => {
    expect(buildIsFresh('batch', root)).toBe(false); // nothing built
    recordedBuild();
    rmSync(join(root, 'node_modules/pkg/index.js'));
    expect(buildIsFresh('batch', root)).toBe(false);
    const record = JSON.parse(readFileSync(join(root, INPUTS_FILE), 'utf8')) as { layout: string; inputs: Record<string, string> };
    writeFileSync(join(root, INPUTS_FILE), JSON.stringify({ ...record, layout: 'dist/other.js' }));
    expect(buildIsFresh('batch', root)).toBe(false);
    writeFileSync(join(root, INPUTS_FILE), JSON.stringify({ layout: record.layout, inputs: {} }));
    expect(buildIsFresh('batch', root)).toBe(false);
    writeFileSync(join(root, INPUTS_FILE), 'not json');
    expect(buildIsFresh('batch', root)).toBe(false);
  });

  it('runs the build as it is where the sources cannot run: no tsx (a production install), or no sources (the image)', () => {
    recordedBuild();
    writeFileSync(join(root, 'tools/batch.ts'), 'export const a = 2;\n'); // not fresh
    expect(whatRuns('batch', root)).toBe('build'); // no tsx here
    installTsx();
    expect(whatRuns('batch', root)).toBe('sources');
    rmSync(join(root, 'tools'), { recursive: true });
    expect(whatRuns('batch', root)).toBe('build');
    rmSync(join(root, 'dist/batch.js'));
    expect(whatRuns('batch', root)).toBe(null);
  });

  it('keeps one record per tool: the admin build is judged by its own inputs', () => {
    recordedBuild();
    expect(buildIsFresh('admin', root)).toBe(false);
    writeFileSync(join(root, metafileOf('admin')), JSON.stringify({ inputs: { 'node_modules/pkg/index.js': {} }, outputs: {} }));
    expect(recordBuild('admin', root)).toBe(1);
    writeFileSync(join(root, 'tools/batch.ts'), 'export const a = 2;\n');
    expect(buildIsFresh('admin', root)).toBe(true);
    expect(buildIsFresh('batch', root)).toBe(false);
    expect(() => whatRuns('other' as 'admin', root)).toThrow(/no tool "other"/);
  });
});
