/**
 * What `npm start` runs (bundled as dist/main.js): the server bundle dist/server.cjs (server/main.ts
 * and everything it imports, built by `npm run build`) compiled with V8's code cache
 * (server/code-cache.ts), then run as Node runs a CommonJS module. Without a usable cache it is compiled
 * from its source as before, and the cache is written when this process exits, once it has compiled
 * what a start and its first requests use (`npm run build` starts the server once for that).
 *
 * Why a CommonJS bundle: V8's code cache is reachable from node:vm's Script, which runs scripts, not ES
 * modules, on Node 20.
 */
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { readCodeCache, sha256, writeCodeCache } from './code-cache.ts';

const bundle = fileURLToPath(new URL('./server.cjs', import.meta.url));
const cacheFile = `${bundle}.code-cache`;
const source = readFileSync(bundle);
const sourceHash = sha256(source);
const cachedData = readCodeCache(cacheFile, sourceHash);
// The bundle holds no import(): the build turns `await import('pg')` into a require (package.json's
// --supported:dynamic-import=false), as a script compiled from a code cache has no import() of its own.
const script = new vm.Script(Module.wrap(source.toString('utf8')), { filename: bundle, cachedData });
if (cachedData === undefined || script.cachedDataRejected) {
  // At exit every function this process ran is compiled; another process (a cluster worker) may have
  // written a cache for this bundle meanwhile, which is then kept.
  process.once('exit', () => {
    if (readCodeCache(cacheFile, sourceHash) === undefined) writeCodeCache(cacheFile, sourceHash, script.createCachedData());
  });
}
const module = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
