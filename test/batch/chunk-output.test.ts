/**
 * A batch worker's output bytes (tools/batch/chunk-output.ts): the lines as UTF-8, each with its
 * newline, however long the chunk, and the buffers handed back written again.
 */
import { describe, expect, it } from 'vitest';
import { ChunkOutput } from '../../tools/batch/chunk-output.ts';

function written(output: ChunkOutput, lines: string[]): Uint8Array {
  output.begin();
  for (const l of lines) output.line(l);
  return output.end();
}

const expected = (lines: string[]) => Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8');

describe('ChunkOutput', () => {
  it('writes each line as UTF-8 with its newline: ASCII, Japanese, characters outside the BMP, empty lines', () => {
    const lines = ['{"line":1}', '{"name":"通勤手当","ref":"社員-1"}', '', '{"emoji":"😀","latin":"é"}'];
    expect(Buffer.from(written(new ChunkOutput(), lines))).toEqual(expected(lines));
  });

  it('grows past its first buffer (2 MB) keeping what was written, for chunks of any size', () => {
    const lines = Array.from({ length: 700 }, (_, i) => `{"line":${i},"text":"${'あ'.repeat(1500)}"}`); // ~3.2 MB of UTF-8
    const output = new ChunkOutput();
    const bytes = written(output, lines);
    expect(bytes.length).toBe(expected(lines).length);
    // Buffer#equals, not toEqual: vitest's deep equality walks 3.2 MB one byte at a time (28 s on a slow machine)
    expect(Buffer.from(bytes).equals(expected(lines))).toBe(true);
  });

  it('writes the next chunk into a buffer handed back, and keeps none smaller than it has needed', () => {
    const output = new ChunkOutput();
    const first = written(output, ['{"a":1}']);
    output.reuse(first.buffer as ArrayBuffer);
    const second = written(output, ['{"b":2}']);
    expect(second.buffer).toBe(first.buffer);
    expect(Buffer.from(second)).toEqual(expected(['{"b":2}']));

    output.reuse(new ArrayBuffer(1024)); // smaller than the buffers it makes: not kept
    const third = written(output, ['{"c":3}']);
    expect(third.buffer.byteLength).toBeGreaterThan(1024);
  });
});
