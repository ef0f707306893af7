/**
 * The UTF-8 bytes of an answer's text in one encoding pass. Node answering a string walks it three
 * times (Koa's Buffer.byteLength for Content-Length, Node's own byteLength in res.end, the encoding in
 * the socket write, after concatenating it with the head), and a calculation's text is ~23,000
 * two-byte characters (the trace's Japanese legal sources), so those passes were about a sixth of
 * a request's instructions (docs/performance.md). Here the text is written once into a reused scratch
 * buffer and copied out at its exact length; the same bytes as Node's own encoding (both V8's
 * WriteUtf8).
 */

/** Texts up to this many UTF-16 units use the scratch; longer ones (the masters tables) Buffer.from. */
const SCRATCH_MAX_UNITS = 256 * 1024;
/** A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair: 2 units, 4 bytes). */
const MAX_BYTES_PER_UNIT = 3;

let scratch: Buffer | undefined;

export function utf8Bytes(text: string): Buffer {
  if (text.length > SCRATCH_MAX_UNITS) return Buffer.from(text, 'utf8');
  const room = text.length * MAX_BYTES_PER_UNIT;
  if (!scratch || scratch.length < room) scratch = Buffer.allocUnsafeSlow(Math.max(room, 64 * 1024));
  const written = scratch.write(text, 0, 'utf8');
  // A copy of the written part only: the scratch is reused by the next answer, at once.
  const bytes = Buffer.allocUnsafe(written);
  scratch.copy(bytes, 0, 0, written);
  return bytes;
}
