/**
 * The request body read once: decoded (Content-Encoding), scanned as it arrives (http/json-scan.ts),
 * counted against the size limit and kept, so that JSON.parse reads the very bytes the scan saw:
 * req -> [gunzip/inflate/brotli] -> scan -> text.
 *
 * The scanned stream used to be handed on to koa-bodyparser, which read it a second time (co-body ->
 * raw-body -> iconv-lite -> @hapi/bourne), a tenth of a small request's time. What those libraries did
 * with the stream, this does, in their order, so that every refusal is
 * answered as before:
 * - raw-body: a Content-Length (of an identity body; co-body read it as `~~len`, an int32) above the
 *   limit is refused with 413 before a byte is read; otherwise 413 as soon as the bytes received (the
 *   decoded bytes: the scan's output) pass the limit, each chunk scanned before it is counted; at the
 *   end, an identity body of another length than its Content-Length is a 400 ("request size did not
 *   match content length", bad_request). The 413 refused before reading is now refused before the
 *   scan starts too: with koa-bodyparser the request was already piped into the scan, and a refused
 *   byte in the part that had arrived threw an 'error' event nobody listened to, which ended the process.
 * - iconv-lite (raw-body's decoder, always UTF-8: co-body never read the charset parameter): bytes to
 *   text, one leading byte order mark dropped. The scan has refused every byte sequence that is not
 *   UTF-8, so Buffer's decoding gives the same text.
 * - a client that goes away mid-body, and a decoder's error, end the read as they ended raw-body's.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ApiError } from '../errors/api-error.ts';
import { ClientAbortedError } from './client-aborted.ts';
import { JsonBodyScanner } from './json-scan.ts';

export interface ScannedBody {
  /** The body's text once it has all arrived and passed the scan (a leading byte order mark dropped). */
  text: Promise<string>;
  scanner: JsonBodyScanner;
  /** The (decoded) bytes read so far. */
  readonly received: number;
  /** Detaches the reader (and a decoder) from the request (the caller drains or has read the rest). */
  stop(): void;
}

/** The same decoders inflation (co-body's) used: createUnzip takes gzip and zlib-wrapped deflate. */
function decoderFor(encoding: string): zlib.Unzip | zlib.BrotliDecompress | null {
  if (encoding === 'gzip' || encoding === 'deflate') return zlib.createUnzip();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return null;
}

/** maxStringBytes: the scan's bound on one string (json-scan.ts); a body it refuses is still read to its end, and not kept. */
export function scannedBody(req: IncomingMessage, encoding: string, maxBytes: number, maxStringBytes?: number): ScannedBody {
  const scanner = new JsonBodyScanner(maxStringBytes);
  const declared = req.headers['content-length'];
  // Only an identity body's length is known before decoding.
  const length = encoding === 'identity' && declared ? ~~Number(declared) : null;
  const tooLarge = () => new ApiError('payload_too_large', { params: { limit: maxBytes } });
  if (length !== null && length > maxBytes) return { text: Promise.reject(tooLarge()), scanner, received: 0, stop() {} };

  const decoder = decoderFor(encoding);
  const source: Readable = decoder ?? req;
  const chunks: Buffer[] = [];
  let received = 0;
  let settled = false;
  let resolveText!: (text: string) => void;
  let rejectText!: (err: unknown) => void;
  const text = new Promise<string>((resolve, reject) => {
    resolveText = resolve;
    rejectText = reject;
  });
  const fail = (err: unknown) => {
    if (settled) return;
    settled = true;
    detach();
    rejectText(err);
  };
  const onData = (chunk: Buffer) => {
    if (settled) return;
    try {
      scanner.push(chunk);
    } catch (err) {
      return fail(err);
    }
    received += chunk.length;
    if (received > maxBytes) return fail(tooLarge());
    if (scanner.refusing) chunks.length = 0;
    else chunks.push(chunk);
  };
  const onEnd = () => {
    if (settled) return;
    try {
      scanner.end();
    } catch (err) {
      return fail(err);
    }
    if (length !== null && received !== length) return fail(new ApiError('bad_request'));
    settled = true;
    detach();
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
    const read = body.toString('utf8');
    resolveText(read.charCodeAt(0) === 0xfeff ? read.slice(1) : read);
  };
  // A client that goes away mid-body: the reader learns it as a client abort, not a broken stream.
  const onAbort = () => fail(new ClientAbortedError());
  const onClose = () => {
    if (!req.complete) onAbort();
  };
  function detach(): void {
    source.off('data', onData);
    source.off('end', onEnd);
    req.off('aborted', onAbort);
    req.off('close', onClose);
    req.off('error', onAbort);
  }
  req.once('aborted', onAbort);
  req.once('close', onClose);
  req.on('error', onAbort);
  if (decoder !== null) {
    // kept for the decoder's life: bytes piped in before stop() may still make it fail after a refusal
    decoder.on('error', fail);
    req.pipe(decoder);
  }
  source.on('data', onData);
  source.on('end', onEnd);
  return {
    text,
    scanner,
    get received() {
      return received;
    },
    stop() {
      settled = true;
      detach();
      if (decoder !== null) {
        req.unpipe(decoder);
        decoder.destroy();
      }
    },
  };
}
