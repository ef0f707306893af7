/**
 * Run as a child process (node --import tsx): records every file-system read (file or folder) the given
 * modules make while they are imported, and prints the data ones (anything but code and package files)
 * as JSON. The node:fs functions are wrapped and the ESM bindings resynced before the first import, so
 * `import { readFileSync } from 'node:fs'` in a module sees the wrapper.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { pathToFileURL } from 'node:url';

const reads: string[] = [];
/** code, packages, and tsx's own compile cache (tsx-<uid> in the temporary folder) */
const CODE = /(\/node_modules\/|\/tsx-\d+\/|\.(ts|js|mjs|cjs|json|node)$)/;
const record = (p: unknown) => {
  const path = p instanceof URL ? p.pathname : String(p);
  if (!CODE.test(path)) reads.push(path);
};
const fsAny = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
for (const name of [
  'readFileSync',
  'readdirSync',
  'statSync',
  'lstatSync',
  'existsSync',
  'openSync',
  'opendirSync',
  'readFile',
  'readdir',
  'stat',
  'open',
  'createReadStream',
]) {
  const original = fsAny[name]!;
  fsAny[name] = function (this: unknown, ...args: unknown[]) {
    record(args[0]);
    return original.apply(this, args);
  };
}
syncBuiltinESMExports();

for (const file of process.argv.slice(2)) await import(pathToFileURL(file).href);
process.stdout.write(JSON.stringify(reads));
