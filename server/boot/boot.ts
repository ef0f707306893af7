/**
 * What `npm start` runs (bundled as dist/main.js): the server bundle dist/server.cjs (server/boot/main.ts
 * and everything it imports, built by `npm run build`) compiled with V8's code cache
 * (server/boot/code-cache.ts), then run as Node runs a CommonJS module. Without a usable cache it is compiled
 * from its source as before, and the cache is written when this process exits, once it has compiled
 * what a start and its first requests use (`npm run build` starts the server once for that).
 *
 * Why a CommonJS bundle: V8's code cache is reachable from node:vm's Script, which runs scripts, not ES
 * modules, on Node 20.
 */
import type { Script } from 'node:vm';
import { readCodeCache, sha256, writeCodeCache } from './code-cache.ts';
import { setBundleIdentity } from './bundle-identity.ts';

// Node's own modules through process.getBuiltinModule, not `import`: an ES module's import of a builtin
// makes an ES facade of every export, whose getters load more (node:fs's streams), all before the first
// answer (docs/history/performance-rounds.md, fifteenth round, has the figures).
// package.json builds dist/main.js without the `require` banner of the other entries for the same reason.
const { readFileSync } = process.getBuiltinModule('node:fs');
const Module = process.getBuiltinModule('node:module');
const { dirname } = process.getBuiltinModule('node:path');
const { fileURLToPath } = process.getBuiltinModule('node:url');
const vm = process.getBuiltinModule('node:vm');

const bundle = fileURLToPath(new URL('./server.cjs', import.meta.url));
const cacheFile = `${bundle}.code-cache`;

/** The bundle compiled, with its code cache when one fits; the file's bytes are not kept once compiled. */
function compile(): Script {
  const source = readFileSync(bundle);
  const sourceHash = sha256(source);
  setBundleIdentity(sourceHash);
  const cachedData = readCodeCache(cacheFile, sourceHash);
  // No importModuleDynamically: the build turns the bundle's `await import('pg')` into a require
  // (package.json's --supported:dynamic-import=false), because the functions of a script deserialised
  // from a code cache lose that callback (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING).
  const script = new vm.Script(Module.wrap(source.toString('utf8')), { filename: bundle, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    // A cache V8 refused (another node build or V8 flags) is replaced too, unless another process (a
    // cluster worker) has already written a new one for this bundle.
    const refused = cachedData;
    // At exit every function this process ran is compiled.
    process.once('exit', () => {
      const current = readCodeCache(cacheFile, sourceHash);
      if (current === undefined || (refused !== undefined && current.equals(refused)))
        writeCodeCache(cacheFile, sourceHash, script.createCachedData());
    });
  }
  return script;
}

const module = { exports: {} };
(compile().runInThisContext() as (...args: unknown[]) => void)(
  module.exports,
  Module.createRequire(bundle),
  module,
  bundle,
  dirname(bundle),
);
