/**
 * npm run masters:check [-- --dir DIR]
 * Validates every master file (schema, invariants, version continuity). Prints each problem as
 * "FILE PATH: message" and exits 1 on any; otherwise prints a one-line summary and exits 0.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMasters } from '../engine/masters/load.ts';

const HELP = `usage: npm run masters:check -- [--dir DIR]

Validates every master file (table kinds, masters/parameters/, masters/plausibility/): schema with no
unknown keys, invariants (contiguous rows, rates within 0..1 and their plausible range, dates), version
continuity per table. Prints each problem as "FILE PATH: message (line N)".

  --dir DIR   the masters folder (default masters/)
  --help      this text

Exit status: 0 no problem; 1 a problem was found; 2 bad usage.`;

function main(argv: string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const i = argv.indexOf('--dir');
  const unknown = argv.filter((a, k) => !(a === '--dir' || (k === i + 1 && i >= 0)));
  if ((i >= 0 && !argv[i + 1]) || unknown.length) {
    console.error(`masters:check: ${unknown.length ? `unknown argument ${unknown[0]}` : '--dir needs a folder'} (see --help)`);
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
