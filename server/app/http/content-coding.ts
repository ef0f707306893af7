/**
 * Content codings for JSON answers: which one a client's Accept-Encoding lets us send (br, gzip or
 * none), and the compression itself. The decoded bytes are always exactly the uncompressed answer.
 *
 * Levels are chosen for CPU per request, not for the last byte: every level tried leaves a traced
 * answer well under a third of its plain size, and the higher ones would cost more CPU than the rest of
 * the request, so the cheapest levels that keep the ratio are used (the levels measured:
 * docs/adr/0018-lighter-responses-and-the-benchmark-of-scale-out.md).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Coding = 'br' | 'gzip';

/** Answers shorter than this (bytes of JSON) stay plain: compressing them costs more than it saves. */
export const COMPRESS_FROM_BYTES = 1024;

const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 3;

/** Per coding name (lower case): its q-value in the header; `*` stands for every coding not named. */
function qualities(header: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding === '') continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Math.min(1, Number(m[1]));
    }
    // a coding named twice: the higher weight (the header is malformed; be lenient, not stricter than the client)
    found.set(coding, Math.max(q, found.get(coding) ?? 0));
  }
  return found;
}

/**
 * The coding to answer with for this Accept-Encoding (RFC 9110 12.5.3), or null for the plain bytes:
 * no header, only codings we do not send, q=0 for ours, or identity preferred over both. Between br
 * and gzip at the same weight br wins: it is smaller and, at the levels above, cheaper.
 */
export function chooseCoding(header: string | undefined): Coding | null {
  if (!header) return null;
  const q = qualities(header);
  const star = q.get('*');
  const weight = (c: string) => q.get(c) ?? star ?? 0;
  const br = weight('br');
  const gzip = Math.max(weight('gzip'), q.get('x-gzip') ?? 0);
  // identity named with a higher weight than both codings: the client prefers the plain bytes
  const identity = q.get('identity');
  const best = Math.max(br, gzip);
  if (best === 0 || (identity !== undefined && identity > best)) return null;
  return br >= gzip ? 'br' : 'gzip';
}

export function compress(bytes: Buffer, coding: Coding): Buffer {
  if (coding === 'br') {
    return brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
  }
  return gzipSync(bytes, { level: GZIP_LEVEL });
}
