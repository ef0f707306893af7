/**
 * The fingerprint of what a result was computed from: a SHA-256 of every rule and master file (path
 * and bytes), one for each folder and one over both. Two "2027-03" tables that differ by one yen get
 * different hashes, so a result can be tied to the exact data that produced it.
 */
import { createHash } from 'node:crypto';
import { readYamlFolder, type FolderFile } from '../util/yaml-folder.ts';

/**
 * How the load that made an engine checked its set: every check at this load ('run'); none, because this
 * very build proved this very set at an earlier load ('proven', engine/loading/load-cache.ts); or in a worker
 * thread of this process just before ('worker', a reload: engine/loading/load-off-thread.ts).
 */
export type LoadChecks = 'run' | 'proven' | 'worker';

export interface Provenance {
  /** sha256 over rules_hash and masters_hash: the one value a result reports */
  rules_masters_hash: string;
  rules_hash: string;
  masters_hash: string;
  rules_dir: string;
  masters_dir: string;
  /** "rules/<rel>" and "masters/<rel>" -> sha256 of the file's bytes */
  files: ReadonlyMap<string, string>;
  /** an engine's: how its load checked the set (absent on a fingerprint computed outside a load) */
  checks?: LoadChecks;
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

/** Files are named as the loaders name them in problems and traces ("rules/<rel>", "masters/<rel>"). */
function hashFolder(folder: readonly FolderFile[], label: 'rules' | 'masters', files: Map<string, string>): string {
  const lines: string[] = [];
  for (const { rel, sha256: h } of folder) {
    const name = `${label}/${rel}`;
    files.set(name, h);
    lines.push(`${name}\t${h}\n`);
  }
  return sha256(lines.join(''));
}

/** The fingerprint of the two folders as read (engine/util/yaml-folder.ts: the bytes the loaders parse). */
export function provenanceOf(
  rulesDir: string,
  rules: readonly FolderFile[],
  mastersDir: string,
  masters: readonly FolderFile[],
): Provenance {
  const files = new Map<string, string>();
  const rules_hash = hashFolder(rules, 'rules', files);
  const masters_hash = hashFolder(masters, 'masters', files);
  return {
    rules_masters_hash: sha256(`rules\t${rules_hash}\nmasters\t${masters_hash}\n`),
    rules_hash,
    masters_hash,
    rules_dir: rulesDir,
    masters_dir: mastersDir,
    files,
  };
}

/** The fingerprint of the two folders as they are on disk now (each read once). */
export function computeProvenance(rulesDir: string, mastersDir: string): Provenance {
  return provenanceOf(rulesDir, readYamlFolder(rulesDir), mastersDir, readYamlFolder(mastersDir));
}
