/**
 * A start-up cache of checked YAML documents: every rule, pipeline and master file that parsed and passed
 * its JSON schema in the last clean load, as JSON, keyed by what it was checked as and the SHA-256 of its
 * bytes. Parsing YAML and compiling the schemas is most of a cold start; JSON.parse of the same documents
 * is a few milliseconds. The key is the content, so an edited file (one yen) is simply a miss: it is parsed
 * and checked in full. Everything after the schema (Decimals, invariants, rule compilation, cross-file
 * checks) runs on every load. The header names the schemas the documents passed, so a changed schema
 * discards the whole cache. A missing, unreadable or corrupt cache is an empty one; writing is best effort
 * (a read-only install just starts cold), atomic (a temporary file renamed), and only the caller decides
 * when: after a load without any problem.
 *
 * The header may also hold a proof: that the set with a given fingerprint (engine/loading/provenance.ts, every
 * file's path and bytes) passed every check under a given build of the code (the server bundle's SHA-256,
 * server/boot/bundle-identity.ts). The checks are functions of those two alone, so a start of the same build on
 * the same set would find what the proving start found: nothing. Such a start builds the engine without
 * the checks that only look for problems (a third of a warm load); any other set or build runs them all,
 * and a set that passes them is proven anew (docs/deployment.md, "The start-up cache").
 *
 * File format: a JSON header line (schemas fingerprint, SHA-256 of the rest, the proof if any), then one
 * `<key>\t<JSON document>` line per document (JSON.stringify never writes a raw newline, so lines split
 * safely, and each document is parsed only when asked for).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../util/project-root.ts';
import { MAX_YAML_ALIASES, MAX_YAML_FILE_BYTES, MAX_YAML_FILE_LINES } from '../util/yaml-limits.ts';
import { SCHEMAS } from './masters/schemas/index.ts';
import { pipelineSchema, ruleSchema } from './rules/schema.ts';

export const DEFAULT_LOAD_CACHE = join(PROJECT_ROOT, '.cache', 'checked-yaml.jsonl');

/** What a document was checked as: the same bytes are a different entry under another schema. */
export type CheckedAs = 'master' | 'rule' | 'pipeline';

const FORMAT = 1;
let fingerprint: string | undefined;

/** The schemas and size bounds every cached document passed (and the format of this file). */
function schemasFingerprint(): string {
  fingerprint ??= sha256(
    JSON.stringify({ FORMAT, SCHEMAS, ruleSchema, pipelineSchema, MAX_YAML_FILE_BYTES, MAX_YAML_FILE_LINES, MAX_YAML_ALIASES }),
  );
  return fingerprint;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** What a proof names: one set (its rules_masters_hash) checked by one build of the code. */
export function proofOf(codeFingerprint: string, rulesMastersHash: string): string {
  return sha256(`code\t${codeFingerprint}\nset\t${rulesMastersHash}\n`);
}

export class LoadCache {
  /** entries found in the file: key -> JSON text */
  private readonly stored: Map<string, string>;
  /** entries of the documents read through this cache, hits and new ones: what save() writes */
  private readonly current = new Map<string, string>();
  /** a document or a proof that the file does not hold yet: save() has something to write */
  private changed = false;
  /** the proof the file holds, then the one this load recorded (what save() writes) */
  private proof: string | undefined;

  /**
   * `path` null: no cache file (every read is a miss and save() writes nothing), unless `documents` are
   * given: the checked documents of a set proven good elsewhere (engine/loading/load-off-thread.ts). `collect`:
   * remember every document read, even without a file, for documents().
   */
  constructor(
    readonly path: string | null,
    options: { documents?: Iterable<[string, string]>; collect?: boolean } = {},
  ) {
    const read: CacheFile = options.documents
      ? { entries: new Map(options.documents) }
      : path
        ? readCacheFile(path)
        : { entries: new Map() };
    this.stored = read.entries;
    this.proof = read.proof;
    this.collect = options.collect ?? false;
  }

  /** True when the file holds this proof (proofOf): the set passed every check under this build. */
  proves(proof: string): boolean {
    return this.proof === proof;
  }

  /** Records that the set just loaded passed every check under this build: save() writes it. */
  recordProof(proof: string): void {
    if (this.path === null || this.proof === proof) return;
    this.proof = proof;
    this.changed = true;
  }

  private readonly collect: boolean;

  /** Every document read through this cache (hits and new ones) as [key, JSON text]: what a checked set hands back. */
  documents(): [string, string][] {
    return [...this.current];
  }

  /**
   * The document checked as `as` whose bytes have the SHA-256 `sha` (hex, as engine/util/yaml-folder.ts
   * gives it), parsed afresh (the caller may change it); undefined on a miss.
   */
  get(as: CheckedAs, sha: string): unknown {
    const key = `${as}:${sha}`;
    const json = this.stored.get(key);
    if (json === undefined) return undefined;
    this.current.set(key, json);
    return JSON.parse(json);
  }

  /** Remembers a document that parsed and passed its schema (serialised now, before any builder sees it); `sha` as for get. */
  put(as: CheckedAs, sha: string, value: unknown): void {
    if ((this.path === null && !this.collect) || !isPlainJson(value)) return;
    this.current.set(`${as}:${sha}`, JSON.stringify(value));
    this.changed = true;
  }

  /** Writes the documents read in this load, when any was new; call only after a load without problems. */
  save(): void {
    if (this.path === null || !this.changed) return;
    const body = [...this.current].map(([key, json]) => `${key}\t${json}\n`).join('');
    const tmp = `${this.path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      writeFileSync(tmp, `${JSON.stringify({ schemas: schemasFingerprint(), body: sha256(body), proof: this.proof })}\n${body}`);
      renameSync(tmp, this.path);
      this.changed = false;
    } catch {
      // a read-only install: the next start parses in full, as without a cache
      rmSync(tmp, { force: true });
    }
  }
}

interface CacheFile {
  entries: Map<string, string>;
  proof?: string;
}

function readCacheFile(path: string): CacheFile {
  const entries = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { entries };
  }
  const newline = text.indexOf('\n');
  const body = text.slice(newline + 1);
  let proof: unknown;
  try {
    const header = JSON.parse(text.slice(0, newline)) as { schemas?: unknown; body?: unknown; proof?: unknown };
    // other schemas, or a damaged or hand-edited body: start from nothing rather than trust any entry
    if (newline < 0 || header.schemas !== schemasFingerprint() || header.body !== sha256(body)) return { entries };
    proof = header.proof;
  } catch {
    return { entries };
  }
  for (const line of body.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) entries.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return { entries, proof: typeof proof === 'string' ? proof : undefined };
}

/**
 * True when JSON.parse(JSON.stringify(value)) gives back exactly value: strings, booleans, null, finite
 * numbers other than -0, arrays and plain objects. YAML's .inf or .nan would not survive JSON, so such a
 * document is never cached (it is parsed on every load instead).
 */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return !Object.hasOwn(value, '__proto__') && Object.values(value).every(isPlainJson);
}
