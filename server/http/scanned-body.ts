/**
 * The request body as koa-bodyparser reads it, after our own decoding (Content-Encoding) and the
 * streaming scan (http/json-scan.ts): req -> [gunzip/inflate/brotli] -> scan -> koa-bodyparser. The
 * scan sees the decoded bytes before the text decoder and JSON.parse do, and stops the body the
 * moment one is refused. koa-bodyparser (fixed by the design) reads this stream as if it were the
 * request: it gets the request's Content-Type, and Content-Length only when nothing was decoded.
 */
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { ClientAbortedError } from './client-aborted.ts';
import { JsonBodyScanner } from './json-scan.ts';

export interface ScannedBody {
  /** What koa-bodyparser reads in place of the request. */
  stream: Transform & { headers: Record<string, string | undefined> };
  scanner: JsonBodyScanner;
  /** Detaches the pipeline from the request (the caller drains or has read the rest). */
  stop(): void;
}

/** The same decoders inflation (co-body's) uses: createUnzip takes gzip and zlib-wrapped deflate. */
function decoderFor(encoding: string): Transform | null {
  if (encoding === 'gzip' || encoding === 'deflate') return zlib.createUnzip();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return null;
}

export function scannedBody(req: IncomingMessage, encoding: string): ScannedBody {
  const scanner = new JsonBodyScanner();
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        scanner.push(chunk);
        done(null, chunk);
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      try {
        scanner.end();
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  }) as ScannedBody['stream'];
  const length = encoding === 'identity' ? req.headers['content-length'] : undefined;
  stream.headers = { 'content-type': req.headers['content-type'], 'content-encoding': 'identity', 'content-length': length };
  const decoder = decoderFor(encoding);
  // A client that goes away mid-body: the reader learns it as a client abort, not a broken stream.
  const onAbort = () => stream.destroy(new ClientAbortedError());
  const onClose = () => {
    if (!req.complete) onAbort();
  };
  req.once('aborted', onAbort);
  req.once('close', onClose);
  req.on('error', onAbort);
  if (decoder !== null) {
    decoder.on('error', (err) => stream.destroy(err));
    req.pipe(decoder).pipe(stream);
  } else req.pipe(stream);
  return {
    stream,
    scanner,
    stop() {
      req.off('aborted', onAbort);
      req.off('close', onClose);
      req.off('error', onAbort);
      req.unpipe();
      decoder?.destroy();
      stream.destroy();
    },
  };
}
