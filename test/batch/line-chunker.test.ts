/** The chunker cuts bytes into whole-line chunks and never buffers a line above the limit. */
import { describe, expect, it } from 'vitest';
import { LineChunker, type Chunk } from '../../tools/batch/line-chunker.ts';

const text = (c: Chunk) => Buffer.from(c.bytes).toString();

/** Feeds `input` in pieces of `piece` bytes (lines then straddle the pieces). */
function chunksOf(input: string, chunker: LineChunker, piece: number): Chunk[] {
  const bytes = Buffer.from(input);
  const out: Chunk[] = [];
  for (let at = 0; at < bytes.length; at += piece) out.push(...chunker.push(bytes.subarray(at, at + piece)));
  return [...out, ...chunker.end()];
}

describe('LineChunker', () => {
  it('cuts after chunkLines lines, whatever the read sizes, numbering lines from 1', () => {
    for (const piece of [1, 3, 7, 1000]) {
      const chunks = chunksOf('a\nbb\nccc\ndddd\neeeee\n', new LineChunker(2, 1 << 20, 100), piece);
      expect(chunks.map((c) => [c.seq, c.firstLine, c.lines, text(c)])).toEqual([
        [0, 1, 2, 'a\nbb\n'],
        [1, 3, 2, 'ccc\ndddd\n'],
        [2, 5, 1, 'eeeee\n'],
      ]);
    }
  });

  it('ends a last line that has no newline', () => {
    expect(chunksOf('a\nb', new LineChunker(10, 1 << 20, 100), 1).map(text)).toEqual(['a\nb\n']);
    expect(chunksOf('', new LineChunker(10, 1 << 20, 100), 1)).toEqual([]);
  });

  it('cuts on bytes too, so long lines do not make huge chunks', () => {
    const chunks = chunksOf(`${'x'.repeat(40)}\n${'y'.repeat(40)}\nz\n`, new LineChunker(100, 50, 100), 16);
    expect(chunks.map((c) => c.lines)).toEqual([2, 1]);
  });

  it('drops the bytes of a line above maxLineBytes as they come, keeping its place as an empty line', () => {
    const chunker = new LineChunker(10, 1 << 20, 5);
    const chunks = chunksOf('ok\n123456789012345678901234567890\n12345\nlast-too-long', chunker, 4);
    expect(chunks).toHaveLength(1);
    expect(text(chunks[0])).toBe('ok\n\n12345\n\n');
    expect(chunks[0].oversized).toEqual([2, 4]);
    // Never more than the limit held for the line in progress: nothing of it reached the chunk.
    expect(chunks[0].bytes.length).toBe(11);
  });

  it('gives each chunk its own ArrayBuffer (transferred to a worker without detaching anything else)', () => {
    const [a, b] = chunksOf('a\nb\n', new LineChunker(1, 1 << 20, 100), 100);
    expect(a.bytes.buffer).not.toBe(b.bytes.buffer);
    expect(a.bytes.byteOffset).toBe(0);
    expect(a.bytes.buffer.byteLength).toBe(a.bytes.length);
  });
});
