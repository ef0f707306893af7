/**
 * JSON answers are encoded once by the server (http/utf8-json.ts) instead of by Koa: the bytes must be
 * exactly what JSON.stringify and UTF-8 give (the HTTP side, Content-Type and a Content-Length in bytes,
 * is checked in calculation-profile.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { utf8Json } from '../../server/http/utf8-json.ts';

describe('utf8Json', () => {
  const values: [string, unknown][] = [
    ['ASCII', { a: 1, b: ['x', null, true], c: { d: '1.25' } }],
    ['Japanese', { legal_source: '健康保険法第156条第1項第1号', note: '介護保険' }],
    ['astral and lone surrogates', ['𠮷野家 🍣', '\ud800', 'a\udc00b']],
    ['escapes', { s: '"quoted"\n\t\\ \u0000 \u2028' }],
    ['larger than the first scratch buffer', { rows: Array.from({ length: 5000 }, (_, i) => ({ i, label: `第${i}行 row` })) }],
  ];
  it.each(values)('gives the bytes of JSON.stringify in UTF-8 (%s)', (_name, value) => {
    const bytes = utf8Json(value);
    expect(bytes.equals(Buffer.from(JSON.stringify(value), 'utf8'))).toBe(true);
  });

  it('returns its own bytes, not a view of a buffer the next call overwrites', () => {
    const first = utf8Json({ n: '一' });
    utf8Json({ n: 'xxxxxxxxxxxx' });
    expect(first.toString('utf8')).toBe('{"n":"一"}');
  });
});
