/**
 * Body handling of POST and PUT: a body must be there (400 saying it is missing), Content-Type must be
 * application/json (415), Content-Encoding one we can decode (415 naming it), the decoded body at most
 * PAYROLL_MAX_BODY_BYTES (413; the limit counts decoded bytes, so a small gzip bomb is refused too),
 * UTF-8 (400), within the depth and value budget, free of numbers that would be read as other
 * numbers, of "__proto__" keys and of strings longer than the route's schema accepts anywhere (422,
 * http/json-scan.ts: checked while the body arrives, before JSON.parse), and valid JSON (400 with the
 * line and column). A body that claims an encoding it does
 * not have is a 400 bad_request, not a fault of ours; a client that leaves mid-body is a client abort
 * (http/client-aborted.ts). Any JSON value is accepted here so that a body of the wrong type ([] or
 * "x") is reported by the schema as invalid_type rather than as broken JSON.
 *
 * The body is read once (http/scanned-body.ts) and its text given to JSON.parse here. It used to be
 * read a second time by koa-bodyparser (co-body, raw-body, @hapi/bourne); what those answered, this
 * answers the same way: see scanned-body.ts for the reading, and below for the parsing and the media
 * types koa-bodyparser did not read.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors/api-error.ts';
import { ClientAbortedError, clientGone } from '../http/client-aborted.ts';
import { emptyBodyRefusal, scanRefusal, syntaxRefusal } from '../http/json-refusals.ts';
import { JsonScanRefusal, type JsonBodyScanner } from '../http/json-scan.ts';
import { scannedBody, type ScannedBody } from '../http/scanned-body.ts';
import type { AppContext, AppMiddleware } from '../context.ts';
import { maxStringBytesOf } from '../validation/string-bound.ts';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body of a POST or PUT (any JSON value), set by jsonBody. */
    body?: unknown;
  }
}

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

/*
 * A Content-Type whose parameters are not all `; name=value` (`application/json;;`, `application/json; foo`,
 * a tab before the `;`) is refused with a 415 that says so, though Koa's ctx.is, which ignores parameters,
 * takes it as application/json. koa-bodyparser, the reader before this one, did not read such a body and
 * gave the route {}, so the client saw a 422 listing every field it had sent as missing. The expressions
 * are media-typer 0.3's, the parser koa-bodyparser's type-is used: the headers it read are read.
 */
const MEDIA_TYPE = /^ *[A-Za-z0-9][A-Za-z0-9!#$&^_-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126} *$/;
const PARAMETER =
  /; *[!#$%&'*+\-.0-9A-Z^_`a-z|~]+ *= *(?:"(?:[ !\u0023-\u005b\u005d-\u007e\u0080-\u00ff]|\\[\u0020-\u007e])*"|[!#$%&'*+\-.0-9A-Z^_`a-z|~]+) */y;

function malformedContentType(): ApiError {
  return new ApiError('unsupported_media_type', {
    message:
      'The Content-Type header has parameters that do not parse (each must be "; name=value"): send Content-Type: application/json or application/json; charset=utf-8.',
  });
}

/** Whether the parameters of a Content-Type that ctx.is took as application/json parse. */
function parametersParse(header: string): boolean {
  const value = header.replace(/;$/, '');
  const semicolon = value.indexOf(';');
  if (semicolon === -1) return MEDIA_TYPE.test(value.toLowerCase());
  if (!MEDIA_TYPE.test(value.slice(0, semicolon).toLowerCase())) return false;
  let at = semicolon;
  while (at < value.length) {
    PARAMETER.lastIndex = at;
    if (!PARAMETER.test(value)) return false;
    at = PARAMETER.lastIndex;
  }
  return true;
}

/*
 * @hapi/bourne's check, after JSON.parse, for an own "__proto__" property: only when the text holds
 * something that may spell such a key, and then by a walk of the value. The scan refuses these keys in
 * any spelling before this (with their path), so this only stands behind it as bourne stood, answered
 * as the scan answers with no path, as bourne's refusal was.
 */
const PROTO_KEY =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

function holdsProtoKey(value: unknown): boolean {
  let next: object[] = [value as object];
  while (next.length > 0) {
    const nodes = next;
    next = [];
    for (const node of nodes) {
      if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return true;
      for (const key in node) {
        const v = (node as Record<string, unknown>)[key];
        if (v !== null && typeof v === 'object') next.push(v);
      }
    }
  }
  return false;
}

/**
 * The body's value, as co-body gave it with `strict: false`: any JSON value; an empty text (no bytes,
 * or only a byte order mark) is a missing body; a text of white space only is one too (JSON.parse
 * fails on it, and the answer was the empty body's).
 */
function parseBody(text: string, scanner: JsonBodyScanner): unknown {
  if (text === '') throw emptyBodyRefusal();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw new ApiError('bad_request');
    throw text.trim() === '' ? emptyBodyRefusal() : syntaxRefusal(err, text, scanner.stray);
  }
  if (value !== null && typeof value === 'object' && PROTO_KEY.test(text) && holdsProtoKey(value))
    throw scanRefusal({ kind: 'forbidden_key', path: [], token: '__proto__' });
  return value;
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
function refusalOf(err: unknown, encoding: string, schema: () => object): unknown {
  if (err instanceof JsonScanRefusal) return scanRefusal(err.problem, schema());
  if (isDecodingError(err))
    return new ApiError('bad_request', { message: `The request body is not valid ${encoding} data, as its Content-Encoding claims.` });
  return err;
}

/**
 * schemaOf: the request schema of the route (the scan's oversize arrays and long strings are worded by
 * it). refuseLongStrings: a string longer than any the schema accepts is refused by the scan, before
 * the body is kept or parsed (validation/string-bound.ts); a route whose body is not refused as a
 * whole for one bad part (a batch answers each item) leaves it to its validation.
 */
export function jsonBody(maxBodyBytes: number, schemaOf: (ctx: AppContext) => object, refuseLongStrings = false): AppMiddleware {
  return async (ctx, next) => {
    const req = ctx.req;
    let encoding = 'identity';
    let body: ScannedBody | undefined;
    let text: string;
    try {
      // Without a body type-is sees no type at all: say that the body is missing, not that its type is wrong.
      if (!announcesBody(req)) throw ctx.request.type === 'application/json' ? emptyBodyRefusal() : new ApiError('unsupported_media_type');
      if (!ctx.is('application/json')) throw new ApiError('unsupported_media_type');
      encoding = contentEncoding(ctx.get('Content-Encoding') || undefined);
      if (clientGone(req)) throw new ClientAbortedError();
      if (!parametersParse(req.headers['content-type']!)) throw malformedContentType();
      body = scannedBody(req, encoding, maxBodyBytes, refuseLongStrings ? maxStringBytesOf(schemaOf(ctx)) : undefined);
      text = await body.text;
    } catch (err) {
      body?.stop();
      discardRest(req);
      // a body the scan refused was read as far as the refusal: it pays those bytes as a parsed one does
      if (err instanceof JsonScanRefusal && body && ctx.state.chargeBody) await ctx.state.chargeBody(body.received);
      throw refusalOf(err, encoding, () => schemaOf(ctx));
    }
    body.stop();
    // charged before JSON.parse and validation, the costs that grow with the body
    if (ctx.state.chargeBody) await ctx.state.chargeBody(Buffer.byteLength(text));
    ctx.request.body = parseBody(text, body.scanner);
    await next();
  };
}
