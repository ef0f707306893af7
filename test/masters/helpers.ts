/** Shared paths and the loaded project masters (loaded once per test file). */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMasters } from '../../engine/loading/masters/load.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MASTERS_DIR = resolve(ROOT, 'masters');
export const FIXTURES = resolve(ROOT, 'test', 'fixtures');

let cached: ReturnType<typeof loadMasters> | undefined;
export function masters() {
  return (cached ??= loadMasters(MASTERS_DIR));
}
