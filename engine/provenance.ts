/**
 * The fingerprint of what a result was computed from: a SHA-256 of every rule and master file (path
 * and bytes), one for each folder and one over both. Two "2027-03" tables that differ by one yen get
 * different hashes, so a result can be tied to the exact data that produced it.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { yamlFilesUnder } from './util/yaml-file.ts';

export interface Provenance {
  /** sha256 over rules_hash and masters_hash: the one value a result reports */
  rules_masters_hash: string;
  rules_hash: string;
  masters_hash: string;
  rules_dir: string;
  masters_dir: string;
  /** "rules/<rel>" and "masters/<rel>" -> sha256 of the file's bytes */
  files: ReadonlyMap<string, string>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * One read buffer for every file hashed by this thread (hashing is synchronous, so never shared by two at
 * once). A fresh 1 MiB buffer per file made a load of ~120 files, hashed twice, allocate ~240 MiB
 * outside V8's heap, which V8 answers with garbage collections under "external memory pressure".
 */
let chunk: Buffer | undefined;

/** The file's SHA-256 read in chunks: a file of any size (an oversized table the loader refuses) costs no more memory than one chunk. */
function fileSha256(abs: string): string {
  const hash = createHash('sha256');
  chunk ??= Buffer.allocUnsafe(1 << 20);
  const fd = openSync(abs, 'r');
  try {
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** Files are named as the loaders name them in problems and traces ("rules/<rel>", "masters/<rel>"). */
function hashFolder(dir: string, label: 'rules' | 'masters', files: Map<string, string>): string {
  const lines: string[] = [];
  for (const [abs, rel] of yamlFilesUnder(dir)) {
    const name = `${label}/${rel}`;
    const h = fileSha256(abs);
    files.set(name, h);
    lines.push(`${name}\t${h}\n`);
  }
  return sha256(lines.join(''));
}

export function computeProvenance(rulesDir: string, mastersDir: string): Provenance {
  const files = new Map<string, string>();
  const rules_hash = hashFolder(rulesDir, 'rules', files);
  const masters_hash = hashFolder(mastersDir, 'masters', files);
  return {
    rules_masters_hash: sha256(`rules\t${rules_hash}\nmasters\t${masters_hash}\n`),
    rules_hash,
    masters_hash,
    rules_dir: rulesDir,
    masters_dir: mastersDir,
    files,
  };
}
