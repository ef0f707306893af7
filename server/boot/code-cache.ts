/**
 * V8's code cache of the server bundle (dist/server.cjs): the bytecode of every function a start
 * compiled, kept in a file beside the bundle, so that the next start deserialises it instead of parsing
 * and compiling 2-3 MB of JavaScript function by function. Node 20 has no module.enableCompileCache;
 * node:vm's cachedData is the same V8 feature, used by server/boot/boot.ts.
 *
 * A cache is used only with the exact bundle it was made from. V8 checks its own version and flags but,
 * of the source, only its length, and in release builds no checksum of the data: a cache of another
 * bundle of the same length would run that bundle's bytecode. So the header holds the SHA-256 of the
 * bundle's bytes and of the data (a few milliseconds for both); any mismatch, a damaged or truncated
 * file, another Node version: no cache, and the bundle is compiled from its source as without one.
 *
 * File format: a JSON header line (format, node version, SHA-256 of the source and of the data), then
 * the data as V8 produced it. Writing is best effort and atomic (a temporary file renamed): a read-only
 * install simply compiles at every start.
 */
// builtins as server/boot/boot.ts takes them (it runs this module before the bundle): no ES facade
const { createHash } = process.getBuiltinModule('node:crypto');
const { readFileSync, renameSync, rmSync, writeFileSync } = process.getBuiltinModule('node:fs');

const FORMAT = 1;

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

interface Header {
  format: number;
  node: string;
  source: string;
  data: string;
}

/** The cached data made from the source whose SHA-256 is `sourceHash`, or undefined (missing, stale or damaged). */
export function readCodeCache(file: string, sourceHash: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return undefined;
  let header: Partial<Header>;
  try {
    header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Partial<Header>;
  } catch {
    return undefined;
  }
  const data = bytes.subarray(newline + 1);
  const matches =
    header.format === FORMAT && header.node === process.version && header.source === sourceHash && header.data === sha256(data);
  return matches ? data : undefined;
}

/** Writes `data` as the cache of the source whose SHA-256 is `sourceHash`; says nothing when it cannot. */
export function writeCodeCache(file: string, sourceHash: string, data: Buffer): void {
  const header: Header = { format: FORMAT, node: process.version, source: sourceHash, data: sha256(data) };
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), data]));
    renameSync(tmp, file);
  } catch {
    // a read-only install: every start compiles the bundle, as without a cache
    try {
      rmSync(tmp, { force: true });
    } catch {
      // the folder cannot even be read: nothing was written there
    }
  }
}
