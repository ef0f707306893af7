/**
 * The lean body reader (server/http/read-json-body.ts) keeps what koa-bodyparser did for this service,
 * down to the edge cases the API tests do not reach through HTTP: byte order mark, escaped
 * "__proto__", declared length mismatch, either zlib wrapping for deflate/gzip, chunks over the limit.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/errors/api-error.ts';
import { readJsonBody } from '../../server/http/read-json-body.ts';
import { utf8Bytes } from '../../server/http/utf8-bytes.ts';

function request(chunks: (string | Buffer)[], headers: Record<string, string> = {}): IncomingMessage {
  const req = Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)), { objectMode: false }) as unknown as IncomingMessage;
  (req as { headers: Record<string, string> }).headers = headers;
  return req;
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof ApiError ? err.code : `other: ${(err as { code?: string }).code}`;
  }
}

describe('readJsonBody', () => {
  it('parses JSON split across chunks, a multi-byte character cut in two included', async () => {
    const bytes = Buffer.from('{"name":"健康保険 🙂"}');
    expect(await readJsonBody(request([bytes.subarray(0, 13), bytes.subarray(13)]), 'identity', 1000)).toEqual({ name: '健康保険 🙂' });
  });

  it('drops a leading byte order mark, answers an empty body as the empty string', async () => {
    expect(await readJsonBody(request(['\ufeff{"a":1}']), 'identity', 1000)).toEqual({ a: 1 });
    expect(await readJsonBody(request([]), 'identity', 1000)).toBe('');
  });

  it('refuses broken JSON and an own "__proto__" key, escaped or not, as malformed_json', async () => {
    expect(await code(readJsonBody(request(['{"a":']), 'identity', 1000))).toBe('malformed_json');
    expect(await code(readJsonBody(request(['{"b":[{"__proto__":{}}]}']), 'identity', 1000))).toBe('malformed_json');
    expect(await code(readJsonBody(request(['{"\\u005f_proto__":{}}']), 'identity', 1000))).toBe('malformed_json');
    expect(await readJsonBody(request(['{"text":"\\"__proto__\\": is only text"}']), 'identity', 1000)).toEqual({ text: '"__proto__": is only text' });
  });

  it('413 for a declared length over the limit before reading, and for bytes passing it while arriving', async () => {
    expect(await code(readJsonBody(request(['{}'], { 'content-length': '5000' }), 'identity', 1000))).toBe('payload_too_large');
    expect(await code(readJsonBody(request(['[1,', '2,'.repeat(600), '3]']), 'identity', 1000))).toBe('payload_too_large');
  });

  it('400 when the body is not as long as its Content-Length says', async () => {
    expect(await code(readJsonBody(request(['{}'], { 'content-length': '3' }), 'identity', 1000))).toBe('bad_request');
  });

  it('inflates gzip and deflate whichever wrapping they come in; the limit counts inflated bytes', async () => {
    const json = JSON.stringify({ a: 'x'.repeat(100) });
    for (const encoding of ['gzip', 'deflate']) {
      for (const body of [gzipSync(json), deflateSync(json)]) expect(await readJsonBody(request([body]), encoding, 1000)).toEqual({ a: 'x'.repeat(100) });
    }
    expect(await code(readJsonBody(request([gzipSync(JSON.stringify({ a: 'x'.repeat(5000) }))]), 'gzip', 1000))).toBe('payload_too_large');
    expect(await code(readJsonBody(request(['not gzip']), 'gzip', 1000))).toMatch(/^other: Z_/);
  });
});

describe('utf8Bytes', () => {
  it('is Buffer.from(text) for Japanese, astral and ASCII text, short and long', () => {
    for (const text of ['', 'abc', '健康保険法 🙂'.repeat(3000), JSON.stringify({ s: 'x\u0000\u2028'.repeat(50_000) }), 'y'.repeat(300_000)]) {
      expect(utf8Bytes(text).equals(Buffer.from(text, 'utf8'))).toBe(true);
    }
  });
});
