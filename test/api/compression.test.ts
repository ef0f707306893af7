/**
 * Compressed JSON answers (server/app/http/content-coding.ts, middleware/json-answer.ts, routes/openapi.ts):
 * br and gzip by Accept-Encoding above the threshold, with Vary: Accept-Encoding; what they decode to
 * is exactly the plain answer; small answers and clients that ask for no coding get the plain bytes
 * (and requests without Accept-Encoding the headers of before, no Vary).
 * node:http is used because fetch adds its own Accept-Encoding and decodes before the test sees bytes.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from '../../server/app/http/content-coding.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

function request(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(url, { method, headers: payload ? { ...headers, 'Content-Type': 'application/json' } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function decoded(a: Answer): Buffer {
  const coding = a.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(a.bytes);
  if (coding === 'gzip') return gunzipSync(a.bytes);
  expect(coding).toBeUndefined();
  return a.bytes;
}

interface Stamped {
  calculation_id: string;
  calculated_at: string;
}

/** `text` with the calculation_id and calculated_at of `like` in place of its own (their first occurrences, at the top). */
function sameIdAndTime(text: string, like: string): string {
  const own = JSON.parse(text) as Stamped;
  const theirs = JSON.parse(like) as Stamped;
  return text.replace(own.calculation_id, theirs.calculation_id).replace(own.calculated_at, theirs.calculated_at);
}

describe('compressed JSON answers', () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo' });
  const get = (path: string, headers: Record<string, string> = {}) =>
    request(api.server.url + path, 'GET', { 'X-API-Key': api.key, ...headers });
  const monthly = (headers: Record<string, string> = {}) =>
    request(
      api.server.url + PATHS.monthly,
      'POST',
      { 'X-API-Key': api.key, ...headers },
      { ...bodies.monthly(), calculation_options: { include_calculation_trace: true } },
    );

  it.each(['br', 'gzip'])(
    'a masters table in %s decodes to exactly the plain bytes, with Vary and the compressed length',
    async (coding) => {
      const plain = await get('/v1/masters/tax-tables');
      const packed = await get('/v1/masters/tax-tables', { 'Accept-Encoding': coding });
      expect(plain.status).toBe(200);
      expect(packed.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(packed.headers['content-encoding']).toBe(coding);
      expect(plain.headers.vary).toBeUndefined();
      expect(packed.headers.vary).toContain('Accept-Encoding');
      expect(packed.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(packed.headers['content-length'])).toBe(packed.bytes.length);
      expect(packed.bytes.length).toBeLessThan(plain.bytes.length);
      expect(decoded(packed).equals(plain.bytes)).toBe(true);
    },
  );

  it('a monthly payroll with trace decodes to the plain answer byte for byte (its id and time aside) and is under a third of it', async () => {
    const plain = await monthly();
    expect(plain.status).toBe(200);
    const plainText = plain.bytes.toString('utf8');
    for (const [header, coding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ]) {
      const packed = await monthly({ 'Accept-Encoding': header });
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe(coding);
      // each answer has its own calculation_id and calculated_at (same lengths): the plain one's put in their place
      const text = sameIdAndTime(decoded(packed).toString('utf8'), plainText);
      expect(Buffer.from(text, 'utf8').equals(plain.bytes)).toBe(true);
      expect(packed.bytes.length * 3).toBeLessThanOrEqual(plain.bytes.length);
    }
  });

  it('stays plain without Accept-Encoding, with identity preferred, or with only codings it does not send', async () => {
    for (const header of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0', 'identity;q=1, br;q=0.5']) {
      const res = await monthly(header === undefined ? {} : { 'Accept-Encoding': header });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      // Vary when the request took part in the choice; without Accept-Encoding, the headers of before
      if (header === undefined) expect(res.headers.vary).toBeUndefined();
      else expect(res.headers.vary).toContain('Accept-Encoding');
      expect(JSON.parse(res.bytes.toString('utf8')).amounts.net_payment).toBeGreaterThan(0);
    }
  });

  it('small answers stay plain and say no Vary, whatever the client accepts', async () => {
    const profile = await get('/cp/v1/companies/acme-tokyo/calculation-profile', { 'Accept-Encoding': 'gzip, br' });
    const unauthenticated = await request(api.server.url + '/v1/masters/tax-tables', 'GET', { 'Accept-Encoding': 'br' });
    for (const res of [profile, unauthenticated]) {
      expect(res.bytes.length).toBeLessThan(COMPRESS_FROM_BYTES);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary ?? '').not.toContain('Accept-Encoding');
      expect(JSON.parse(res.bytes.toString('utf8'))).toBeTypeOf('object');
    }
    expect(unauthenticated.status).toBe(401);
  });

  it('openapi.json: each coding decodes to the plain document, has its own ETag, and any of them gets a 304', async () => {
    const plain = await get('/v1/openapi.json');
    const br = await get('/v1/openapi.json', { 'Accept-Encoding': 'br' });
    const gzip = await get('/v1/openapi.json', { 'Accept-Encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers.vary).toBeUndefined();
    for (const res of [plain, br, gzip]) {
      expect(res.status).toBe(200);
      if (res !== plain) expect(res.headers.vary).toContain('Accept-Encoding');
      expect(decoded(res).equals(plain.bytes)).toBe(true);
    }
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    // a client holding the br copy asks without Accept-Encoding: its copy is current
    const again = await get('/v1/openapi.json', { 'If-None-Match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.bytes.length).toBe(0);
    const stale = await get('/v1/openapi.json', { 'If-None-Match': '"not-this-document"', 'Accept-Encoding': 'gzip' });
    expect(stale.status).toBe(200);
    expect(stale.bytes.equals(gzip.bytes)).toBe(true);
  });
});
