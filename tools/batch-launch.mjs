/**
 * `npm run batch`: runs the batch as `npm run build` bundled it (dist/batch.js, its workers
 * dist/batch-worker.js) when that build is of the sources as they are now, else the TypeScript sources
 * under tsx. Why: under tsx every run spent ~3 s before and after its work (the TypeScript loader in the
 * main thread and again in each worker thread, every module transpiled and resolved through the
 * loader's hooks): a twentieth of a million-line run (docs/performance.md, sixteenth round).
 *
 * "Of the sources as they are now": the build records the SHA-256 of every file esbuild read for the
 * bundle (its metafile's inputs: the batch's, the engine's and the server's sources, the packages'
 * files) in dist/batch.inputs.json, and each run hashes them again (~5 MB, some tens of ms). One byte
 * changed in any of them, a file gone, a record of another build layout or none at all: the sources run,
 * so an edit is never answered by an older build. `--stats` says which ran ("code": "build" or "sources").
 * A file the bundle does not import yet cannot matter until an input that imports it changes.
 *
 *   node tools/batch-launch.mjs ARGS...   (what `npm run batch` runs)
 *   node tools/batch-launch.mjs --record  (the build's last step: writes dist/batch.inputs.json)
 *
 * Plain JavaScript, so that it starts without the TypeScript loader it decides about.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');
/** esbuild's metafile of the batch's bundle (package.json's build writes it). */
export const METAFILE = 'dist/batch.meta.json';
/** What --record writes: { layout, inputs: { path relative to the root: SHA-256 } }. */
export const INPUTS_FILE = 'dist/batch.inputs.json';
/** Changed when the files this launcher runs change: a record of another layout is not this build's. */
const LAYOUT = 'dist/batch.js + dist/batch-worker.js';

function sha256Of(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Writes the record of the build: each input of the bundle (esbuild's metafile) with its SHA-256. */
export function recordBuild(root = ROOT) {
  const meta = JSON.parse(readFileSync(join(root, METAFILE), 'utf8'));
  const inputs = {};
  for (const path of Object.keys(meta.inputs).sort()) inputs[path] = sha256Of(join(root, path));
  writeFileSync(join(root, INPUTS_FILE), JSON.stringify({ layout: LAYOUT, inputs }) + '\n');
  return Object.keys(inputs).length;
}

/** True when the record exists, is of this layout, and every input it names has the same bytes now. */
export function buildIsFresh(root = ROOT) {
  let record;
  try {
    record = JSON.parse(readFileSync(join(root, INPUTS_FILE), 'utf8'));
  } catch {
    return false; // no build (or an unreadable record): the sources run
  }
  if (record?.layout !== LAYOUT || typeof record.inputs !== 'object' || record.inputs === null) return false;
  const entries = Object.entries(record.inputs);
  if (entries.length === 0) return false;
  try {
    return entries.every(([path, sha]) => sha256Of(join(root, path)) === sha);
  } catch {
    return false; // an input is gone
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === '--record') {
    const n = recordBuild();
    process.stdout.write(`batch build: ${n} inputs recorded in ${INPUTS_FILE}\n`);
  } else if (buildIsFresh()) {
    await import(pathToFileURL(join(ROOT, 'dist/batch.js')).href);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(join(ROOT, 'tools/batch.ts')).href);
  }
}
