/**
 * What `npm start` runs (bundled as dist/main.js): the server bundle dist/server.cjs (server/boot/main.ts
 * and everything it imports, built by `npm run build`), required as the CommonJS module it is, with
 * Node's compile cache (module.enableCompileCache) in dist/compile-cache/: a start deserialises the
 * bundle's top-level code instead of parsing 2-3 MB of JavaScript. Node keys each entry by the bundle's
 * path and checks it against a hash of the bundle's bytes and of its own data, in a folder per Node
 * version and V8 flags: a rebuilt bundle, another Node or a damaged entry is compiled from source and
 * the entry written again when the process exits. Where dist/ is read-only (the image's runtime user)
 * nothing is written and every start compiles, silently.
 *
 * Why beside the build rather than in .cache/: an entry is of one bundle, so it goes where the bundle
 * goes (the image copies dist/ from its build stage, `rm -rf dist` removes both); .cache/ holds what is
 * of the masters and rules, which outlive a build.
 */
import { setBundleIdentity } from './bundle-identity.ts';

// Node's own modules through process.getBuiltinModule, not `import`: an ES module's import of a builtin
// makes an ES facade of every export, whose getters load more (node:fs's streams), all before the first
// answer. tools/build.ts builds dist/main.js without the `require` banner of the other entries for the
// same reason.
const { createHash } = process.getBuiltinModule('node:crypto');
const { readFileSync } = process.getBuiltinModule('node:fs');
const Module = process.getBuiltinModule('node:module');
/** Node 22.1 and later (package.json's engines: 22.12); @types/node is of Node 20 */
const compileCache = Module as unknown as { enableCompileCache?: (directory: string) => unknown };
const { dirname, join } = process.getBuiltinModule('node:path');
const { fileURLToPath } = process.getBuiltinModule('node:url');

const bundle = fileURLToPath(new URL('./server.cjs', import.meta.url));

// The load cache's proof is of this very bundle (bundle-identity.ts).
setBundleIdentity(createHash('sha256').update(readFileSync(bundle)).digest('hex'));
compileCache.enableCompileCache?.(join(dirname(bundle), 'compile-cache'));
Module.createRequire(bundle)(bundle);
