/**
 * The project's root folder (the one holding package.json), found by walking up from this module. Why
 * not a fixed "../..": the same code runs from its source file (engine/…) under tsx and vitest, and from
 * the esbuild bundle (dist/main.js) under `npm start`, at different depths.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
