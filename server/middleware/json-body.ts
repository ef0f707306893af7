/**
 * Body handling of POST and PUT: Content-Type must be application/json (415), Content-Encoding one
 * we can decode (415 naming it), the decoded body at most PAYROLL_MAX_BODY_BYTES (413; the limit
 * counts decoded bytes, so a small gzip bomb is refused too), and valid JSON (400). A body that claims
 * an encoding it does not have is a 400 bad_request, not a fault of ours. Any JSON value is accepted
 * here so that a body of the wrong type ([] or "x") is reported by the schema as invalid_type rather
 * than as broken JSON.
 */
import type { IncomingMessage } from 'node:http';
import bodyParser from 'koa-bodyparser';
import { ApiError } from '../errors/api-error.ts';
import type { AppMiddleware } from '../context.ts';

/** What the body decoder (inflation, through co-body) reads; content codings are case-insensitive. */
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

export function jsonBody(maxBodyBytes: number): AppMiddleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: String(maxBodyBytes), strict: false }) as unknown as AppMiddleware;
  return async (ctx, next) => {
    let parsed = false;
    let encoding = 'identity';
    try {
      if (!ctx.is('application/json')) throw new ApiError('unsupported_media_type');
      encoding = contentEncoding(ctx.get('Content-Encoding') || undefined);
      ctx.req.headers['content-encoding'] = encoding;
      await parse(ctx, async () => {
        parsed = true;
      });
    } catch (err) {
      discardRest(ctx.req);
      if (isDecodingError(err))
        throw new ApiError('bad_request', { message: `The request body is not valid ${encoding} data, as its Content-Encoding claims.` });
      throw err;
    }
    if (parsed) await next();
  };
}
