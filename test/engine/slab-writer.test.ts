/**
 * SlabWriter (engine/trace/slab-writer.ts) gathers an answer as one string of bytes: what it hands
 * out must be exactly the UTF-8 encoding of the text given, whatever mix of ASCII, other text and
 * pre-encoded pieces made it, and a later answer must not overwrite an earlier one's view.
 */
import { describe, expect, it } from 'vitest';
import { SlabWriter, utf8Bytes } from '../../engine/trace/slab-writer.ts';

type Part = ['ascii' | 'text' | 'bytes', string];

function written(parts: Part[]): Buffer {
  const w = new SlabWriter();
  for (const [kind, s] of parts) {
    if (kind === 'ascii') w.ascii(s);
    else if (kind === 'text') w.text(s);
    else w.bytes(utf8Bytes(s));
  }
  return w.finish();
}

const SAMPLES = ['', 'a', '{"step":1,', '健康保険法第160条', 'é', '😀', 'x\u00ff', 'lone \ud800 high', 'lone \udc00 low', '"\\\n'];

describe('SlabWriter', () => {
  it('writes the UTF-8 bytes of every mix of ASCII, other text and pre-encoded pieces', () => {
    const ascii = SAMPLES.filter((s) => utf8Bytes(s) === s);
    const cases: Part[][] = [];
    for (const a of SAMPLES)
      for (const b of SAMPLES) {
        cases.push([
          ['text', a],
          ['bytes', b],
        ]);
        cases.push([
          ['bytes', a],
          ['text', b],
        ]);
        for (const c of ascii)
          cases.push([
            ['ascii', c],
            ['text', a],
            ['ascii', c],
            ['bytes', b],
            ['ascii', c],
          ]);
      }
    for (const parts of cases) {
      const expected = Buffer.from(parts.map((p) => p[1]).join(''), 'utf8');
      expect(written(parts).equals(expected), JSON.stringify(parts)).toBe(true);
    }
  });

  it('makes the bytes of ASCII text the text itself, and of other text its UTF-8 bytes one per character', () => {
    expect(utf8Bytes('{"a":1}')).toBe('{"a":1}');
    expect(utf8Bytes('é')).toBe('\u00c3\u00a9');
    expect(utf8Bytes('\ud800')).toBe('\u00ef\u00bf\u00bd'); // U+FFFD, as Buffer.from writes a lone surrogate
  });

  it('hands out views that later answers leave alone, one larger than a slab included', () => {
    const texts = Array.from({ length: 60 }, (_, i) => `{"n":${i},"s":"${'健'.repeat(3000 + i)}"}`);
    const views = texts.map((t) => written([['text', t]]));
    const large = '{"big":"' + 'x'.repeat(600 * 1024) + '"}';
    const big = written([['ascii', large]]);
    views.push(written([['text', 'after']]));
    texts.forEach((t, i) => expect(views[i].toString('utf8')).toBe(t));
    expect(big.toString('latin1')).toBe(large);
    expect(views[60].toString()).toBe('after');
  });
});
