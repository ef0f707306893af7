/**
 * The YAML files of a folder, walked and read once per load. The provenance hashes these bytes and the
 * loaders parse (or look up in the start-up cache, by the same hash) these same bytes, so the fingerprint
 * a result reports names exactly what was loaded: a set read once cannot change between its fingerprint
 * and its parse. The bytes are held only while the load runs (each file's own buffer; an oversized file
 * is hashed in chunks of a 1 MiB read buffer).
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { yamlFilesUnder } from './yaml-file.ts';
import { MAX_YAML_FILE_BYTES } from './yaml-limits.ts';

export interface FolderFile {
  readonly abs: string;
  /** the path relative to the folder, with forward slashes */
  readonly rel: string;
  /** SHA-256 of the file's bytes, hex */
  readonly sha256: string;
  /** size on disk when read */
  readonly size: number;
  /** the bytes; null for a file above the byte bound, which is hashed in chunks and never held whole */
  readonly bytes: Buffer | null;
}

/** Every *.yaml / *.yml file under dir, sorted (yamlFilesUnder's order), each read and hashed once. */
export function readYamlFolder(dir: string): FolderFile[] {
  return yamlFilesUnder(dir).map(([abs, rel]) => readFolderFile(abs, rel));
}

/** One read buffer for the chunks of oversized files (synchronous, so never used by two at once). */
let chunk: Buffer | undefined;

function readFolderFile(abs: string, rel: string): FolderFile {
  const fd = openSync(abs, 'r');
  try {
    const { size } = fstatSync(fd);
    if (size <= MAX_YAML_FILE_BYTES) {
      const bytes = readFileSync(fd);
      return { abs, rel, size: bytes.length, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
    }
    // refused by the loaders from its size alone; the fingerprint still covers it, read in chunks
    const hash = createHash('sha256');
    chunk ??= Buffer.allocUnsafe(1 << 20);
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) hash.update(chunk.subarray(0, n));
    return { abs, rel, size, bytes: null, sha256: hash.digest('hex') };
  } finally {
    closeSync(fd);
  }
}
