/**
 * npm run masters:check [-- --dir DIR]
 * Validates every master file (schema, invariants, version continuity). Prints each problem as
 * "FILE PATH: message" and exits 1 on any; otherwise prints a one-line summary and exits 0.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMasters } from '../engine/masters/load.ts';

function main(argv: string[]): number {
  const i = argv.indexOf('--dir');
  if (i >= 0 && !argv[i + 1]) {
    console.error('usage: masters-check [--dir DIR]');
    return 2;
  }
  const dir = i >= 0 ? resolve(argv[i + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..', 'masters');
  let reading;
  try {
    reading = readMasters(dir);
  } catch (e) {
    console.error(`cannot read masters in ${dir}: ${(e as Error).message}`);
    return 1;
  }
  const { files, records, problems } = reading;
  for (const p of problems) console.log(`${p.file} ${p.path}: ${p.message}`);
  if (problems.length) {
    console.log(`masters:check: ${problems.length} problem(s) in ${dir}`);
    return 1;
  }
  const kinds = [...new Set(records.map((r) => r.kind))].sort();
  console.log(`masters:check: OK, ${files.length} files, ${records.length} records, ${kinds.length} kinds (${kinds.join(', ')}) in ${dir}`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
