/**
 * UTF-8 bytes of one text, written into a shared slab and handed out as a view of it (as Node's own
 * Buffer pool does for small buffers): no buffer allocated and no copy per text. A slab is replaced
 * when a text does not fit in what is left; it lives while any of its views is referenced (for an
 * answer, until the socket has sent it). Used by trace-json.ts's resultUtf8, whose answers are ~38 KB.
 *
 * The text comes in three kinds of parts: text known to be ASCII (`ascii`), bytes already encoded
 * (`bytes`: a constant piece encoded once) and any other text (`text`, encoded where it lands). The
 * ASCII text is gathered in one string and written with one call at the end, after the room the other
 * parts will take; each stretch of it between two parts is then moved down into place (a copy within
 * the slab), the parts copied or encoded in between. A write per stretch cost a call into the runtime
 * and a flattening of the text gathered so far each time (~80 per monthly answer: 61 -> 54 µs). The
 * room of a `text` part is reserved at 3 bytes per UTF-16 unit (the most UTF-8 takes), so a stretch
 * never moves up and never lands on a stretch not yet moved.
 */
const SLAB_BYTES = 512 * 1024;
/** Buffer's own writers, which Buffer#write calls after checking its arguments (ours are always valid). */
type Slab = Buffer & { utf8Write(text: string, offset: number): number; latin1Write(text: string, offset: number): number };
let slab = Buffer.allocUnsafeSlow(SLAB_BYTES) as Slab;
let slabUsed = 0;

export class SlabWriter {
  /** the ASCII text, all of it */
  private pending = '';
  /** the other parts in order (bytes, or text to encode), and the length of pending when each came */
  private readonly parts: (Buffer | string)[] = [];
  private readonly ends: number[] = [];
  /** the most bytes the other parts take */
  private partBytes = 0;

  ascii(s: string): void {
    this.pending += s;
  }

  text(s: string): void {
    const { parts, ends } = this;
    const last = parts.length - 1;
    // text after text, nothing ASCII between: one part
    if (last >= 0 && typeof parts[last] === 'string' && ends[last] === this.pending.length) parts[last] += s;
    else this.add(s);
    this.partBytes += s.length * 3;
  }

  bytes(b: Buffer): void {
    this.add(b);
    this.partBytes += b.length;
  }

  private add(part: Buffer | string): void {
    this.parts.push(part);
    this.ends.push(this.pending.length);
  }

  /** The bytes written, as a view of the slab (the writer is not used again). */
  finish(): Buffer {
    const { pending, parts, ends } = this;
    const most = pending.length + this.partBytes;
    if (slabUsed + most > slab.length) {
      slab = Buffer.allocUnsafeSlow(Math.max(SLAB_BYTES, most)) as Slab;
      slabUsed = 0;
    }
    const start = slabUsed;
    let from = start + this.partBytes;
    slab.latin1Write(pending, from);
    let at = start;
    let moved = 0;
    for (let k = 0; k < parts.length; k++) {
      const stretch = ends[k] - moved;
      if (stretch > 0) slab.copyWithin(at, from, from + stretch);
      at += stretch;
      from += stretch;
      moved = ends[k];
      const p = parts[k];
      if (typeof p === 'string') at += slab.utf8Write(p, at);
      else {
        slab.set(p, at);
        at += p.length;
      }
    }
    const rest = pending.length - moved;
    if (rest > 0) slab.copyWithin(at, from, from + rest);
    at += rest;
    // the next text starts on an 8-byte boundary
    slabUsed = (at + 7) & ~7;
    return slab.subarray(start, at);
  }
}
