/**
 * Body handling of POST and PUT: a body must be there (400 saying it is missing), Content-Type must be
 * application/json (415), Content-Encoding one we can decode (415 naming it), the decoded body at most
 * PAYROLL_MAX_BODY_BYTES (413; the limit counts decoded bytes, so a small gzip bomb is refused too),
 * UTF-8 (400), within the depth and value budget and free of numbers that would be read as other
 * numbers and of "__proto__" keys (422, http/json-scan.ts: checked while the body arrives, before
 * JSON.parse), and valid JSON (400 with the line and column). A body that claims an encoding it does
 * not have is a 400 bad_request, not a fault of ours; a client that leaves mid-body is a client abort
 * (http/client-aborted.ts). Any JSON value is accepted here so that a body of the wrong type ([] or
 * "x") is reported by the schema as invalid_type rather than as broken JSON.
 */
import type { IncomingMessage } from 'node:http';
import bodyParser from 'koa-bodyparser';
import { ApiError } from '../errors/api-error.ts';
import { ClientAbortedError, clientGone } from '../http/client-aborted.ts';
import { emptyBodyRefusal, scanRefusal, syntaxRefusal } from '../http/json-refusals.ts';
import { JsonScanRefusal } from '../http/json-scan.ts';
import { scannedBody, type ScannedBody } from '../http/scanned-body.ts';
import type { AppContext, AppMiddleware } from '../context.ts';

/** What the body decoder reads; content codings are case-insensitive. */
const DECODABLE = new Set(['identity', 'gzip', 'deflate', 'br']);

function contentEncoding(header: string | undefined): string {
  // A list ("gzip, identity") would mean several layers; only one layer (or none) is accepted.
  const encoding = (header ?? 'identity').trim().toLowerCase() || 'identity';
  if (!DECODABLE.has(encoding)) {
    throw new ApiError('unsupported_media_type', {
      message: `Content-Encoding ${JSON.stringify(encoding.slice(0, 64))} is not supported; send the body as it is, or encoded with one of gzip, deflate or br.`,
    });
  }
  return encoding;
}

/** zlib's errors when the bytes are not what Content-Encoding says: Z_DATA_ERROR, Z_BUF_ERROR, brotli's ERR__ERROR_FORMAT_... */
function isDecodingError(err: unknown): boolean {
  const e = err as { code?: unknown; status?: unknown };
  return e !== null && typeof e === 'object' && e.status === undefined && typeof e.code === 'string' && /^(Z_|ERR__)/.test(e.code);
}

/** As Node and type-is decide it: a body is announced by Transfer-Encoding or a nonzero Content-Length. */
function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) !== 0);
}

/**
 * After refusing a body part-way (wrong charset, broken encoding, too large), read and discard the
 * rest, so the client can finish sending and read our answer instead of a reset connection; a
 * decoder it was piped into is detached first, or it would stall the request with its backlog.
 */
function discardRest(req: IncomingMessage): void {
  if (req.complete) return;
  req.unpipe();
  req.removeAllListeners('data');
  req.resume();
}

/** The error answered for what reading the body threw. */
function refusalOf(err: unknown, encoding: string, body: ScannedBody | undefined, schema: () => object): unknown {
  if (err instanceof JsonScanRefusal) return scanRefusal(err.problem, schema());
  if (isDecodingError(err))
    return new ApiError('bad_request', { message: `The request body is not valid ${encoding} data, as its Content-Encoding claims.` });
  const e = err as { status?: number; body?: unknown };
  if (err instanceof SyntaxError && e.status === 400 && typeof e.body === 'string') {
    // @hapi/bourne's refusal of a prototype key the scan did not see as one (it decodes every escape)
    if (/prototype property/.test(err.message)) return scanRefusal({ kind: 'forbidden_key', path: [], token: '__proto__' });
    return e.body.trim() === '' ? emptyBodyRefusal() : syntaxRefusal(err, e.body, body?.scanner.stray ?? null);
  }
  return err;
}

/** schemaOf: the request schema of the route (the scan's oversize arrays are worded by it). */
export function jsonBody(maxBodyBytes: number, schemaOf: (ctx: AppContext) => object): AppMiddleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: String(maxBodyBytes), strict: false }) as unknown as AppMiddleware;
  return async (ctx, next) => {
    const req = ctx.req;
    let encoding = 'identity';
    let body: ScannedBody | undefined;
    let parsed = false;
    try {
      // Without a body type-is sees no type at all: say that the body is missing, not that its type is wrong.
      if (!announcesBody(req)) throw ctx.request.type === 'application/json' ? emptyBodyRefusal() : new ApiError('unsupported_media_type');
      if (!ctx.is('application/json')) throw new ApiError('unsupported_media_type');
      encoding = contentEncoding(ctx.get('Content-Encoding') || undefined);
      if (clientGone(req)) throw new ClientAbortedError();
      body = scannedBody(req, encoding);
      await parse(Object.create(ctx, { req: { value: body.stream } }) as AppContext, async () => {
        parsed = true;
      });
    } catch (err) {
      body?.stop();
      discardRest(req);
      throw refusalOf(err, encoding, body, () => schemaOf(ctx));
    }
    body.stop();
    if (parsed && ctx.request.body === '') throw emptyBodyRefusal();
    if (parsed) await next();
  };
}
