/**
 * npm run build (and `prepare`, when esbuild is installed): dist/ from the sources, in these steps.
 *
 *   1. dist/server.cjs   the server as one CommonJS file (run through Node's compile cache, step 8),
 *                        made ASCII (bundle-ascii.ts: one non-ASCII comment makes V8 hold the whole
 *                        source as a two-byte string)
 *   2. dist/main.js      the start-up shim (server/boot/boot.ts) that loads server.cjs
 *   3. dist/load-cache-warm.js, code-cache-warm.js, load-worker.js: the tools the image runs
 *   4. dist/admin.js and dist/batch.js, batch-worker.js: the admin command and the batch, each with
 *      esbuild's metafile (dist/admin.meta.json, dist/batch.meta.json)
 *   5. tools/launch.mjs --record: their inputs (dist/admin.inputs.json, dist/batch.inputs.json), so that
 *      `npm run admin` and `npm run batch` run the bundles while they are of the sources as they are
 *   6. dist/docs-page/   the /docs page's static files
 *   7. node dist/load-cache-warm.js: the checked-YAML cache of masters/ and rules/
 *   8. node dist/code-cache-warm.js: one start of the built server, which leaves Node's compile cache of
 *      dist/server.cjs (dist/compile-cache/, Node 22 and later) and the load cache's proof that this
 *      bundle checked the set
 *
 * Run by tsx, a devDependency like esbuild: `prepare` builds only where esbuild is installed.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { asciiSource } from './bundle-ascii.ts';

/**
 * The packages dist/ loads from node_modules instead of bundling: package.json's dependencies (the
 * SQLite driver is a native addon) and pg-native, pg's optional addon (never installed: pg falls back
 * to JavaScript). Every bundle leaves the same ones out.
 */
export const EXTERNAL = ['better-sqlite3', 'better-sqlite3-v13', 'pg', 'pg-native', 'ioredis', 'swagger-ui-dist'];

const common: BuildOptions = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning', external: EXTERNAL };
/** an ES module bundle may still `require` a CommonJS dependency */
const esmRequire = {
  js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
};

/**
 * Step 1's options: CommonJS, import.meta.url the bundle's own URL, an `import()` of an external package
 * (pg) made a require, loaded by the CommonJS loader as the other externals are (tools/bench/profile-http.ts
 * builds it with source maps).
 */
export const SERVER: BuildOptions = {
  ...common,
  entryPoints: ['server/boot/main.ts'],
  inject: ['server/app/http/web-globals.ts'],
  format: 'cjs',
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': '__bundle_url' },
  banner: { js: '"use strict"; const __bundle_url = require(\'node:url\').pathToFileURL(__filename).href;' },
  outfile: 'dist/server.cjs',
};

function run(command: string, ...args: string[]): void {
  const res = spawnSync(command, args, { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`build: ${command} ${args.join(' ')} exited with ${res.status ?? res.signal}`);
}

/** Steps 2-4: the start-up shim (nothing external to leave out), the tools the image runs, the batch. */
export const SHIM: BuildOptions = {
  ...common,
  external: [],
  entryPoints: { main: 'server/boot/boot.ts' },
  format: 'esm',
  entryNames: '[name]',
  outdir: 'dist',
};
export const TOOLS: BuildOptions = {
  ...common,
  entryPoints: ['tools/load-cache-warm.ts', 'tools/code-cache-warm.ts', 'engine/loading/load-worker.ts'],
  format: 'esm',
  banner: esmRequire,
  entryNames: '[name]',
  outdir: 'dist',
};
export const ADMIN: BuildOptions = {
  ...common,
  entryPoints: { admin: 'tools/admin.ts' },
  format: 'esm',
  banner: esmRequire,
  outdir: 'dist',
};
export const BATCH: BuildOptions = {
  ...common,
  entryPoints: { batch: 'tools/batch.ts', 'batch-worker': 'tools/batch/worker.ts' },
  format: 'esm',
  banner: esmRequire,
  outdir: 'dist',
};
export const BUNDLES = [SERVER, SHIM, TOOLS, ADMIN, BATCH];

/** The npm packages a bundle's metafile says it inlined (the innermost node_modules/<name> of each input). */
export function bundledPackages(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const last = [...input.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1);
    if (last) names.add(last[1]);
  }
  return [...names].sort();
}

async function main(): Promise<void> {
  await build(SERVER);
  writeFileSync('dist/server.cjs', asciiSource(readFileSync('dist/server.cjs', 'utf8')));
  await build(SHIM);
  await build(TOOLS);
  for (const [name, options] of [
    ['admin', ADMIN],
    ['batch', BATCH],
  ] as const) {
    const built = await build({ ...options, metafile: true });
    writeFileSync(`dist/${name}.meta.json`, `${JSON.stringify(built.metafile)}\n`);
    run(process.execPath, 'tools/launch.mjs', '--record', name);
  }
  cpSync('server/app/routes/docs-page', 'dist/docs-page', { recursive: true });
  run(process.execPath, 'dist/load-cache-warm.js');
  run(process.execPath, 'dist/code-cache-warm.js');
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await main();
