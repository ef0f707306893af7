/**
 * Provenance of published versions: masters/published.lock (YAML; not a master, so no loader reads it)
 * records a fingerprint of every published table version and of every dated parameter value. A version
 * already in force on the check date whose content no longer matches its record was edited in place:
 * masters:check refuses it unless the lock records an amendment (date, reason, the new fingerprint),
 * which is the change's log. A version not yet in force may still change (`--record` updates it).
 *
 * The fingerprint is the sha256 of the parsed document as canonical JSON (sorted keys) without its
 * `effective_to` and `known_through`: comments and layout may change, and closing a version when its successor
 * is published, or extending what its source is known to cover, is the normal append, not an amendment. Removing a recorded version that was in force is refused too.
 */
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { LoadProblem } from '../../errors.ts';
import { newAjv } from '../../util/ajv.ts';
import { yamlFilesUnder } from '../../util/yaml-file.ts';
import { readYamlSource, withLine } from './yaml-source.ts';

export const LOCK_FILE = 'published.lock';

const sha = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;
const lockSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['versions'],
  properties: {
    versions: {
      type: 'object',
      propertyNames: { type: 'string', minLength: 1 },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['effective_from', 'sha256'],
        properties: {
          effective_from: { type: 'string', format: 'date' },
          sha256: sha,
          amendments: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['date', 'reason', 'sha256'],
              properties: { date: { type: 'string', format: 'date' }, reason: { type: 'string', minLength: 10 }, sha256: sha },
            },
          },
        },
      },
    },
  },
} as const;

interface Amendment {
  date: string;
  reason: string;
  sha256: string;
}
interface Recorded {
  effective_from: string;
  sha256: string;
  amendments?: Amendment[];
}
export interface Lock {
  versions: Record<string, Recorded>;
}

/** A published version: a table file, or one dated value of a parameter ("parameters/x.yaml#rate@2028-01-01"). */
export interface Published {
  key: string;
  file: string;
  pointer: string;
  effective_from: string;
  sha256: string;
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  return v;
}

function fingerprint(v: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(v)))
    .digest('hex');
}

/** Every published version in the folder, fingerprinted; files that do not parse are left to the loader. */
function publishedVersions(dir: string): Published[] {
  const out: Published[] = [];
  for (const [abs, file] of yamlFilesUnder(dir)) {
    // the loader's own reading: an oversized file or an alias bomb is skipped here and reported by the loader
    const src = readYamlSource(abs, file);
    if (src.problems.length) continue;
    const raw = src.value as Record<string, unknown> | null;
    if (!raw || typeof raw !== 'object') continue;
    if (raw.kind === 'parameters' && raw.parameters && typeof raw.parameters === 'object') {
      for (const [name, def] of Object.entries(raw.parameters as Record<string, { values?: Record<string, unknown> }>)) {
        for (const [date, value] of Object.entries(def?.values ?? {})) {
          // a value is fixed by itself and by what it means (unit, columns, range convention)
          const d = def as Record<string, unknown>;
          const meaning = { unit: d.unit, columns: d.columns ?? null, range_convention: d.range_convention ?? null };
          out.push({
            key: `${file}#${name}@${date}`,
            file,
            pointer: `/parameters/${name}/values/${date}`,
            effective_from: date,
            sha256: fingerprint({ value, meaning }),
          });
        }
      }
    } else if (typeof raw.effective_from === 'string') {
      const { effective_to: _to, known_through: _known, ...rest } = raw;
      out.push({ key: file, file, pointer: '', effective_from: raw.effective_from, sha256: fingerprint(rest) });
    }
  }
  return out;
}

export interface PublishedCheck {
  problems: LoadProblem[];
  recorded: number;
  unrecorded: Published[];
  amendments: number;
  /** recorded versions not yet in force whose content changed (`--record` takes the new content) */
  changedBeforeEffect: Published[];
  lock: Lock | null;
}

function readLock(dir: string, problems: LoadProblem[]): Lock | null {
  const abs = join(dir, LOCK_FILE);
  if (!existsSync(abs)) return null;
  const src = readYamlSource(abs, LOCK_FILE);
  if (src.problems.length) {
    problems.push(...src.problems);
    return null;
  }
  const validate = newAjv().compile(lockSchema);
  if (!validate(src.value)) {
    for (const e of validate.errors ?? []) {
      const extra = e.keyword === 'additionalProperties' ? `/${(e.params as { additionalProperty: string }).additionalProperty}` : '';
      problems.push(
        withLine(
          {
            file: LOCK_FILE,
            path: `${e.instancePath}${extra}` || '/',
            message: e.keyword === 'additionalProperties' ? 'unknown key' : (e.message ?? e.keyword),
          },
          src,
        ),
      );
    }
    return null;
  }
  return src.value as Lock;
}

const short = (s: string) => `${s.slice(0, 12)}…`;

/** `today` (YYYY-MM-DD): a version whose effective_from is on or before it is in force, so it is fixed. */
export function checkPublished(dir: string, today: string): PublishedCheck {
  const problems: LoadProblem[] = [];
  const absent = !existsSync(join(dir, LOCK_FILE));
  const found = readLock(dir, problems);
  const versions = publishedVersions(dir);
  const result: PublishedCheck = { problems, recorded: 0, unrecorded: [], amendments: 0, changedBeforeEffect: [], lock: found };
  if (!found && !absent) return result; // a broken lock: its problems are the finding
  const lock = found ?? { versions: {} };
  const present = new Set(versions.map((v) => v.key));
  for (const v of versions) {
    const rec = lock.versions[v.key];
    if (!rec) {
      result.unrecorded.push(v);
      continue;
    }
    result.recorded++;
    result.amendments += rec.amendments?.length ?? 0;
    const expected = rec.amendments?.length ? rec.amendments[rec.amendments.length - 1].sha256 : rec.sha256;
    if (expected === v.sha256) continue;
    if (v.effective_from > today) {
      result.changedBeforeEffect.push(v);
      continue;
    }
    problems.push({
      file: v.file,
      path: v.pointer || '/',
      message: `published version in force since ${v.effective_from} changed in place (recorded sha256 ${short(expected)}, now ${short(v.sha256)}): restore it, or record the correction as an amendment in masters/${LOCK_FILE} under versions."${v.key}".amendments: {date, reason, sha256: ${v.sha256}}`,
    });
  }
  for (const [key, rec] of Object.entries(lock.versions)) {
    // a file still there but unreadable (a syntax error, beyond the size bounds) is the loader's finding, not a deletion
    if (!present.has(key) && rec.effective_from <= today && !existsSync(join(dir, key.split('#')[0]))) {
      problems.push({
        file: LOCK_FILE,
        path: `/versions/${key}`,
        message: `published version ${key}, in force since ${rec.effective_from}, is gone: a version in force is never deleted (close it with effective_to and publish a new one)`,
      });
    }
  }
  return result;
}

/** Records the unrecorded versions and the new content of versions not yet in force; never an in-force change. */
export function recordPublished(dir: string, today: string): { added: number; updated: number } {
  const check = checkPublished(dir, today);
  if (check.problems.some((p) => p.file === LOCK_FILE)) throw new Error(`masters/${LOCK_FILE} is broken: fix it first`);
  const lock: Lock = check.lock ?? { versions: {} };
  for (const v of check.unrecorded) lock.versions[v.key] = { effective_from: v.effective_from, sha256: v.sha256 };
  for (const v of check.changedBeforeEffect) lock.versions[v.key] = { effective_from: v.effective_from, sha256: v.sha256 };
  const sorted: Lock = {
    versions: Object.fromEntries(
      Object.keys(lock.versions)
        .sort()
        .map((k) => [k, lock.versions[k]]),
    ),
  };
  const header = `# Fingerprints of the published master versions (engine/loading/masters/published.ts; docs/updating-statutory-data.md,
# "Published versions"). Written by npm run masters:check -- --record, which adds new versions and the new
# content of versions not yet in force. A version in force is never re-recorded: its correction is an
# amendment written by hand below its entry: amendments: [{date, reason, sha256}] (masters:check prints the sha256).
`;
  writeFileSync(join(dir, LOCK_FILE), header + stringify(sorted, { lineWidth: 0 }));
  return { added: check.unrecorded.length, updated: check.changedBeforeEffect.length };
}
