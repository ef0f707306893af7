/** Which coding an Accept-Encoding header gets (server/app/http/content-coding.ts), and that compress() round-trips. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseCoding, compress } from '../../server/app/http/content-coding.ts';

describe('chooseCoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', null],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['*, br;q=0', 'gzip'],
    ['gzip;q=1.0, br;q=0.8', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['br;q=0, gzip;q=0', null],
    ['identity;q=1, gzip;q=0.5', null],
    ['identity;q=0.5, gzip', 'gzip'],
    ['gzip;q=abc', 'gzip'],
  ])('%j -> %j', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });
});

describe('compress', () => {
  const text = JSON.stringify({ legal_source: '健康保険法第百六十条', values: Array.from({ length: 200 }, (_, i) => `${i * 7919}`) });
  const bytes = Buffer.from(text, 'utf8');
  it('br and gzip decode to exactly the bytes given, smaller', () => {
    const br = compress(bytes, 'br');
    const gz = compress(bytes, 'gzip');
    expect(brotliDecompressSync(br).equals(bytes)).toBe(true);
    expect(gunzipSync(gz).equals(bytes)).toBe(true);
    expect(br.length).toBeLessThan(bytes.length);
    expect(gz.length).toBeLessThan(bytes.length);
  });
});
