/**
 * The previous version of the master being imported, and what is carried from it: the structure a CSV
 * does not hold (the range convention, the withholding brackets and deductions, the dependants maximum,
 * the bonus method, the pension rate and bonus unit), each key with the explanation comments the previous
 * file gave it. A carried value is never silent: its key gets a comment naming the file it came from, the
 * verification placeholder of the new file lists every carried key (the specialist confirms them against
 * the new publication while filling the sources), and the command's report lists them too. Provenance
 * (provider, sources) is never carried: a new version cites its own publication.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { isMap, isScalar, parseDocument } from 'yaml';
import { ImportError } from './errors.ts';
import type { ImportedMaster } from './kinds/shared.ts';
import { PLACEHOLDER, toFill } from './placeholder.ts';

export interface PreviousVersion {
  /** the file as shown to the specialist (relative to the masters folder when found there) */
  label: string;
  doc: Record<string, unknown>;
  /** each top-level key's comment in the previous file */
  comments: Record<string, string>;
}

/** Never carried: the envelope and provenance belong to each version. */
const OWN_TO_EACH_VERSION = new Set([
  'kind',
  'id',
  'version',
  'effective_from',
  'effective_to',
  'known_through',
  'effective_date_basis',
  'provider',
  'source_artifact_id',
  'sources',
]);

export function readPrevious(file: string, label = file): PreviousVersion {
  if (!existsSync(file)) throw new ImportError(`--previous ${file}: no such file`);
  const parsed = parseDocument(readFileSync(file, 'utf8'), { schema: 'core' });
  if (parsed.errors.length || !isMap(parsed.contents))
    throw new ImportError(
      `${label}: the previous version does not parse as a master (${parsed.errors[0]?.message.split('\n')[0] ?? 'not a mapping'})`,
    );
  const comments: Record<string, string> = {};
  for (const pair of parsed.contents.items) {
    if (isScalar(pair.key) && pair.key.commentBefore) comments[String(pair.key.value)] = pair.key.commentBefore;
  }
  return { label, doc: parsed.toJS() as Record<string, unknown>, comments };
}

/** The newest version in the new master's folder that starts before it, if any. */
export function findPrevious(mastersDir: string, imported: ImportedMaster): PreviousVersion | null {
  const folder = join(mastersDir, imported.path.slice(0, imported.path.lastIndexOf('/')));
  if (!existsSync(folder)) return null;
  const version = basename(imported.path, '.yaml');
  const earlier = readdirSync(folder)
    .filter((f) => /^\d{4}-\d{2}\.yaml$/.test(f) && basename(f, '.yaml') < version)
    .sort();
  if (!earlier.length) return null;
  const file = join(folder, earlier.at(-1)!);
  const previous = readPrevious(file, relative(mastersDir, file));
  if (previous.doc.kind !== imported.doc.kind)
    throw new ImportError(
      `${previous.label}: kind ${String(previous.doc.kind)}, not ${String(imported.doc.kind)}; give --previous FILE or --no-previous`,
    );
  return previous;
}

const isPlaceholder = (v: unknown) => typeof v === 'string' && v.startsWith(PLACEHOLDER);

/**
 * Carries the previous version's top-level keys the import left as placeholders or does not have (and
 * that were not given with --set), in the previous file's key order. Returns the carried keys.
 */
export function carryStructure(imported: ImportedMaster, previous: PreviousVersion, setNames: Set<string>): string[] {
  const doc = imported.doc;
  const carried: string[] = [];
  for (const [key, value] of Object.entries(previous.doc)) {
    if (OWN_TO_EACH_VERSION.has(key) || setNames.has(key)) continue;
    if (key in doc && !isPlaceholder(doc[key])) continue;
    doc[key] = structuredClone(value);
    carried.push(key);
  }
  if (!carried.length) return carried;
  // the previous file's key order (its structure), then whatever only the import has
  const order = [...Object.keys(previous.doc).filter((k) => k in doc), ...Object.keys(doc).filter((k) => !(k in previous.doc))];
  const reordered = Object.fromEntries(order.map((k) => [k, doc[k]]));
  for (const k of Object.keys(doc)) delete doc[k];
  Object.assign(doc, reordered);
  const note = `carried from ${previous.label}: confirm against the new publication`;
  imported.keyComments = Object.fromEntries(
    carried.map((k) => [k, previous.comments[k] ? `${previous.comments[k]}\n ${note}` : ` ${note}`]),
  );
  const sources = doc.sources as Record<string, unknown>[];
  if (isPlaceholder(sources?.[0]?.verification)) {
    sources[0].verification = toFill(
      `how the imported values were checked against the published table, including those carried from ${previous.label} (${carried.join(', ')})`,
    );
  }
  return carried;
}

/** The previous version's effective_to that closes it the day before the new one starts, when it does not already. */
export function closingDate(previous: PreviousVersion, newFrom: string): string | null {
  const d = new Date(`${newFrom}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  const dayBefore = d.toISOString().slice(0, 10);
  const to = previous.doc.effective_to;
  return to === null || (typeof to === 'string' && to > dayBefore) ? dayBefore : null;
}
