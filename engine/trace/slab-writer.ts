/**
 * UTF-8 bytes of one text, written into a shared slab and handed out as a view of it (as Node's own
 * Buffer pool does for small buffers): no buffer allocated and no copy per text. A slab is replaced
 * when a text does not fit in what is left; it lives while any of its views is referenced (for an
 * answer, until the socket has sent it). Used by the UTF-8 trace writer.
 *
 * The text is gathered as one string of bytes, one character per byte: ASCII text as it is (its UTF-8
 * bytes are its characters), a constant piece as its UTF-8 bytes made once into such a string
 * (`utf8Bytes`), any other text the same way where it comes. The whole answer is then one one-byte
 * string, written into the slab with one `latin1Write` (V8 flattens the string there, once), where
 * Buffers gathered between text stretches would each cost a move or a copy.
 */
const SLAB_BYTES = 512 * 1024;
/** Buffer's own writer, which Buffer#write calls after checking its arguments (ours are always valid). */
type Slab = Buffer & { latin1Write(text: string, offset: number): number };
let slab = Buffer.allocUnsafeSlow(SLAB_BYTES) as Slab;
let slabUsed = 0;

// eslint-disable-next-line no-control-regex
const NOT_ASCII = /[^\x00-\x7f]/;

/**
 * The UTF-8 bytes of `s` as a string of one character per byte (`s` itself when it is ASCII): what
 * SlabWriter gathers. A lone surrogate becomes U+FFFD's bytes, as Buffer.from(s, 'utf8') makes it.
 */
export function utf8Bytes(s: string): string {
  return NOT_ASCII.test(s) ? Buffer.from(s, 'utf8').toString('latin1') : s;
}

export class SlabWriter {
  /** the answer's bytes so far, one character per byte */
  private gathered = '';

  /** Text known to be ASCII. */
  ascii(s: string): void {
    this.gathered += s;
  }

  /** Any text. */
  text(s: string): void {
    this.gathered += utf8Bytes(s);
  }

  /** Bytes already made by utf8Bytes (a constant piece, made once). */
  bytes(b: string): void {
    this.gathered += b;
  }

  /** The bytes written, as a view of the slab (the writer is not used again). */
  finish(): Buffer {
    const gathered = this.gathered;
    const n = gathered.length;
    if (slabUsed + n > slab.length) {
      slab = Buffer.allocUnsafeSlow(Math.max(SLAB_BYTES, n)) as Slab;
      slabUsed = 0;
    }
    const start = slabUsed;
    const end = start + slab.latin1Write(gathered, start);
    // the next text starts on an 8-byte boundary
    slabUsed = (end + 7) & ~7;
    return slab.subarray(start, end);
  }
}
