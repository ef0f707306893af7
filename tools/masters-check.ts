/**
 * npm run masters:check [-- --dir DIR]
 * Validates every master file (schema, invariants, version continuity). Prints each problem as
 * "FILE PATH: message" and exits 1 on any; otherwise prints a one-line summary and exits 0.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPublished, LOCK_FILE, readMasters, recordPublished } from '../engine/tooling.ts';

const HELP = `usage: npm run masters:check -- [--dir DIR]

Validates every master file (table kinds, masters/parameters/, masters/plausibility/): schema with no
unknown keys, invariants (contiguous rows, rates within 0..1 and their plausible range, dates), version
continuity per table. Prints each problem as "FILE PATH: message (line N)".

Published versions: a version in force (effective_from on or before today) whose content differs from
its fingerprint in masters/published.lock is refused unless the lock records an amendment (date, reason,
sha256). Versions not yet recorded are listed in the summary.

  --dir DIR        the masters folder (default masters/)
  --record         record the new versions (and the new content of versions not yet in force) in the lock
  --today DATE     the date that decides what is in force (default: today, UTC)
  --help           this text

Exit status: 0 no problem; 1 a problem was found; 2 bad usage.`;

function main(argv: string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const i = argv.indexOf('--dir');
  const t = argv.indexOf('--today');
  const record = argv.includes('--record');
  const unknown = argv.filter(
    (a, k) => !(a === '--dir' || a === '--today' || a === '--record' || (k === i + 1 && i >= 0) || (k === t + 1 && t >= 0)),
  );
  if ((i >= 0 && !argv[i + 1]) || (t >= 0 && !/^\d{4}-\d{2}-\d{2}$/.test(argv[t + 1] ?? '')) || unknown.length) {
    console.error(
      `masters:check: ${unknown.length ? `unknown argument ${unknown[0]}` : i >= 0 && !argv[i + 1] ? '--dir needs a folder' : '--today needs a date YYYY-MM-DD'} (see --help)`,
    );
    return 2;
  }
  const today = t >= 0 ? argv[t + 1] : new Date().toISOString().slice(0, 10);
  const dir = i >= 0 ? resolve(argv[i + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..', 'masters');
  let reading;
  try {
    reading = readMasters(dir);
  } catch (e) {
    console.error(`cannot read masters in ${dir}: ${(e as Error).message}`);
    return 1;
  }
  const { files, records } = reading;
  const published = checkPublished(dir, today);
  const problems = [...reading.problems, ...published.problems];
  for (const p of problems) console.log(`${p.file} ${p.path}: ${p.message}`);
  if (problems.length) {
    console.log(`masters:check: ${problems.length} problem(s) in ${dir}`);
    return 1;
  }
  if (record) {
    const { added, updated } = recordPublished(dir, today);
    console.log(`masters:check: recorded ${added} new and ${updated} changed not-yet-in-force version(s) in ${join(dir, LOCK_FILE)}`);
    return 0;
  }
  const kinds = [...new Set(records.map((r) => r.kind))].sort();
  const lockNote = published.lock
    ? `; ${published.recorded} published versions fingerprinted (${published.amendments} amendment(s))${published.unrecorded.length + published.changedBeforeEffect.length ? `, ${published.unrecorded.length} new and ${published.changedBeforeEffect.length} changed not yet recorded (--record)` : ''}`
    : `; no ${LOCK_FILE}`;
  console.log(
    `masters:check: OK, ${files.length} files, ${records.length} records, ${kinds.length} kinds (${kinds.join(', ')}) in ${dir}${lockNote}`,
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
