/**
 * Cuts a byte stream into chunks of whole lines for the workers, so that the main thread never parses
 * JSON and one message carries many lines (the per-message cost of worker IPC is paid per chunk).
 * Memory stays bounded: a chunk holds at most `chunkLines` lines or about `maxChunkBytes`, and a line
 * longer than `maxLineBytes` is never buffered: its bytes are dropped as they arrive, an empty line
 * keeps its place, and its number is listed in `oversized` (the worker answers it 413 like the API).
 */
export interface Chunk {
  seq: number;
  /** Number (1-based) of the chunk's first line in the input. */
  firstLine: number;
  /** Whole lines, each ending with \n; its own ArrayBuffer so it can be transferred, not copied. */
  bytes: Uint8Array;
  lines: number;
  oversized: number[];
}

const NEWLINE = 0x0a;
const EMPTY_LINE = Buffer.from('\n');

export class LineChunker {
  private parts: Uint8Array[] = [];
  private partsBytes = 0;
  private lines = 0;
  private oversized: number[] = [];
  private partial: Uint8Array[] = [];
  private partialBytes = 0;
  private skipping = false;
  private nextLine = 1;
  private firstLine = 1;
  private seq = 0;

  constructor(
    private chunkLines: number,
    private readonly maxChunkBytes: number,
    private readonly maxLineBytes: number,
  ) {}

  push(buf: Uint8Array): Chunk[] {
    const out: Chunk[] = [];
    let pos = 0;
    for (let nl = buf.indexOf(NEWLINE, pos); nl !== -1; nl = buf.indexOf(NEWLINE, pos)) {
      this.completeLine(buf.subarray(pos, nl + 1));
      pos = nl + 1;
      if (this.lines >= this.chunkLines || this.partsBytes >= this.maxChunkBytes) out.push(this.cut());
    }
    if (pos < buf.length) this.addPartial(buf.subarray(pos));
    return out;
  }

  /** Changes the lines per chunk from the next chunk on (the batch sizes chunks by their output). */
  setChunkLines(lines: number): void {
    this.chunkLines = lines;
  }

  /** The last chunk, with a final line that had no newline. */
  end(): Chunk[] {
    if (this.partialBytes > 0 || this.skipping) this.completeLine(EMPTY_LINE);
    return this.lines > 0 ? [this.cut()] : [];
  }

  private addPartial(piece: Uint8Array): void {
    if (this.skipping) return;
    this.partialBytes += piece.length;
    if (this.partialBytes > this.maxLineBytes) {
      this.skipping = true;
      this.partial = [];
      this.partialBytes = 0;
    } else this.partial.push(piece);
  }

  private completeLine(tail: Uint8Array): void {
    // The newline itself does not count toward the line's size.
    this.addPartial(tail.subarray(0, tail.length - 1));
    if (this.skipping) {
      this.oversized.push(this.nextLine);
      this.parts.push(EMPTY_LINE);
      this.partsBytes += 1;
    } else {
      for (const p of this.partial) this.parts.push(p);
      this.parts.push(EMPTY_LINE);
      this.partsBytes += this.partialBytes + 1;
    }
    this.partial = [];
    this.partialBytes = 0;
    this.skipping = false;
    this.lines++;
    this.nextLine++;
  }

  private cut(): Chunk {
    const bytes = new Uint8Array(this.partsBytes);
    let at = 0;
    for (const p of this.parts) {
      bytes.set(p, at);
      at += p.length;
    }
    const chunk: Chunk = { seq: this.seq++, firstLine: this.firstLine, bytes, lines: this.lines, oversized: this.oversized };
    this.parts = [];
    this.partsBytes = 0;
    this.lines = 0;
    this.oversized = [];
    this.firstLine = this.nextLine;
    return chunk;
  }
}
