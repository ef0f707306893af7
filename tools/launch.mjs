/**
 * `npm run batch` and `npm run admin`: each runs the bundle `npm run build` made of it (dist/batch.js
 * with its workers dist/batch-worker.js; dist/admin.js) when that build is of the sources as they are
 * now, else the TypeScript sources under tsx. Why: under tsx every run spends a second or more loading
 * the TypeScript loader and transpiling each module (the batch in its main thread and in each worker
 * thread); the bundle starts at once. A production install has no tsx and, in the image, no sources:
 * there the bundle is all there is, and it runs.
 *
 * "Of the sources as they are now": the build records the SHA-256 of every file esbuild read for the
 * bundle (its metafile's inputs: the tool's, the engine's and the server's sources, the packages'
 * files) in dist/<name>.inputs.json, and each run hashes them again (some tens of ms). One byte
 * changed in any of them, a file gone, a record of another build layout or none at all: the sources run,
 * so an edit is never answered by an older build. The batch's `--stats` says which ran ("code": "build"
 * or "sources"). A file the bundle does not import yet cannot matter until an input that imports it changes.
 *
 *   node tools/launch.mjs batch|admin ARGS...   (what `npm run batch` / `npm run admin` run)
 *   node tools/launch.mjs --record batch|admin  (a build step: writes dist/<name>.inputs.json)
 *
 * Plain JavaScript, so that it starts without the TypeScript loader it decides about.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');

/** The tools this launcher runs: the bundle, its sources' entry, and the files the bundle is made of (its layout). */
export const TOOLS = {
  batch: { bundle: 'dist/batch.js', sources: 'tools/batch.ts', layout: 'dist/batch.js + dist/batch-worker.js' },
  admin: { bundle: 'dist/admin.js', sources: 'tools/admin.ts', layout: 'dist/admin.js' },
};

/** esbuild's metafile of a tool's bundle (tools/build.ts writes it). */
export function metafileOf(name) {
  return `dist/${name}.meta.json`;
}
/** What --record writes: { layout, inputs: { path relative to the root: SHA-256 } }. */
export function inputsFileOf(name) {
  return `dist/${name}.inputs.json`;
}

function toolOf(name) {
  const tool = TOOLS[name];
  if (!tool) throw new Error(`launch: no tool "${name}" (known: ${Object.keys(TOOLS).join(', ')})`);
  return tool;
}

function sha256Of(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Writes the record of a tool's build: each input of its bundle (esbuild's metafile) with its SHA-256. */
export function recordBuild(name, root = ROOT) {
  const meta = JSON.parse(readFileSync(join(root, metafileOf(name)), 'utf8'));
  const inputs = {};
  for (const path of Object.keys(meta.inputs).sort()) inputs[path] = sha256Of(join(root, path));
  writeFileSync(join(root, inputsFileOf(name)), JSON.stringify({ layout: toolOf(name).layout, inputs }) + '\n');
  return Object.keys(inputs).length;
}

/** True when the record exists, is of this layout, and every input it names has the same bytes now. */
export function buildIsFresh(name, root = ROOT) {
  let record;
  try {
    record = JSON.parse(readFileSync(join(root, inputsFileOf(name)), 'utf8'));
  } catch {
    return false; // no build (or an unreadable record): the sources run
  }
  if (record?.layout !== toolOf(name).layout || typeof record.inputs !== 'object' || record.inputs === null) return false;
  const entries = Object.entries(record.inputs);
  if (entries.length === 0) return false;
  try {
    return entries.every(([path, sha]) => sha256Of(join(root, path)) === sha);
  } catch {
    return false; // an input is gone
  }
}

/** tsx is a devDependency: a production install has none. */
function tsxInstalled(root) {
  try {
    createRequire(join(root, 'package.json')).resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}

/**
 * What runs: the build when it is fresh; the sources when they are here and tsx can run them; else the
 * build as it is (a production install: no tsx, and in the image no sources), or null when there is none.
 */
export function whatRuns(name, root = ROOT) {
  const tool = toolOf(name);
  const built = existsSync(join(root, tool.bundle));
  if (built && buildIsFresh(name, root)) return 'build';
  if (existsSync(join(root, tool.sources)) && tsxInstalled(root)) return 'sources';
  return built ? 'build' : null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [first, second] = process.argv.slice(2);
  if (first === '--record') {
    const n = recordBuild(second);
    process.stdout.write(`${second} build: ${n} inputs recorded in ${inputsFileOf(second)}\n`);
  } else {
    const tool = toolOf(first);
    // the tool reads its own arguments from process.argv.slice(2), as when run directly
    process.argv.splice(2, 1);
    const runs = whatRuns(first);
    if (runs === 'build') await import(pathToFileURL(join(ROOT, tool.bundle)).href);
    else if (runs === 'sources') {
      const { register } = await import('tsx/esm/api');
      register();
      await import(pathToFileURL(join(ROOT, tool.sources)).href);
    } else {
      process.stderr.write(`${first}: neither ${tool.bundle} (npm run build) nor tsx to run ${tool.sources} is installed\n`);
      process.exitCode = 1;
    }
  }
}
