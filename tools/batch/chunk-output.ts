/**
 * A batch worker's output bytes: each chunk's lines written as UTF-8 straight into a buffer the worker
 * keeps and reuses, instead of joining the chunk's lines into one string and encoding that.
 *
 * Why: joining made a ~1 MB string and encoding it a ~1 MB array for every chunk of 256 lines, each in
 * memory fresh from the system (V8 gives a string that large pages of its own, and a freed array of
 * that size goes back to the system): hundreds of page faults a chunk, a large share of a worker's time
 * (docs/history/performance-rounds.md, fourteenth round). A buffer that
 * comes back is written again: the worker's own, when the chunk is compressed or copied out, or the one
 * the main thread hands back once the output has taken its bytes (`recycle`, worker-pool.ts).
 */

/** A new buffer's size: a chunk is sized for about 1 MB of output (run-batch.ts), so most fit at once. */
const FIRST_BYTES = 2 * 1024 * 1024;
/** Buffers kept for reuse at most: a worker has two chunks in hand and a few on their way to the output. */
const MAX_KEPT = 6;

export class ChunkOutput {
  private readonly kept: Buffer[] = [];
  private buffer: Buffer | undefined;
  private used = 0;
  /** The largest buffer made so far: smaller ones handed back are not kept (they would only grow again). */
  private size = FIRST_BYTES;

  /** Starts a chunk's output. */
  begin(): void {
    this.buffer = this.kept.pop() ?? Buffer.allocUnsafeSlow(this.size);
    this.used = 0;
  }

  /** One output line (its newline added). */
  line(text: string): void {
    // a UTF-16 unit never takes more than 3 bytes of UTF-8, so the text always fits whole
    const room = text.length * 3 + 1;
    let buffer = this.buffer!;
    if (this.used + room > buffer.length) buffer = this.grow(room);
    this.used += buffer.write(text, this.used);
    buffer[this.used++] = 0x0a;
  }

  /** The chunk's bytes, a view of the buffer: hand it back with `reuse` once they are no longer read. */
  end(): Uint8Array {
    const view = new Uint8Array(this.buffer!.buffer, this.buffer!.byteOffset, this.used);
    this.buffer = undefined;
    return view;
  }

  /** A buffer whose bytes are done with (a chunk's view after its write, or one handed back by the main thread). */
  reuse(buffer: ArrayBuffer): void {
    if (buffer.byteLength >= this.size && this.kept.length < MAX_KEPT) this.kept.push(Buffer.from(buffer));
  }

  private grow(room: number): Buffer {
    const old = this.buffer!;
    this.size = Math.max(this.size * 2, this.used + room);
    const bigger = Buffer.allocUnsafeSlow(this.size);
    old.copy(bigger, 0, 0, this.used);
    this.buffer = bigger;
    return bigger;
  }
}
