/**
 * Large JSON answers leave as bytes: a plain object or array body, which Koa would serialise with
 * JSON.stringify, is serialised here the same way and, when long (a calculation with its trace), handed
 * to Koa as a Buffer of its UTF-8 (http/utf8-bytes.ts says why), so Content-Length is the Buffer's
 * length and nothing walks the text again. A short text is handed over as the string: Node sends it in
 * one piece with the head, cheaper than a Buffer for a few hundred bytes. Status, headers and the bytes
 * on the wire are what Koa would have sent. Outermost, so error envelopes leave the same way; any other
 * body (Buffer, stream, string, null) is Koa's as before.
 */
import type { AppMiddleware } from '../context.ts';
import { utf8Bytes } from '../http/utf8-bytes.ts';

function isPlainJson(body: unknown): body is object {
  if (typeof body !== 'object' || body === null) return false;
  const proto: unknown = Object.getPrototypeOf(body);
  return proto === Object.prototype || proto === null || Array.isArray(body);
}

/** In UTF-16 units; a calculation without trace is ~1,300, with trace ~23,000. */
const BYTES_FROM_LENGTH = 8 * 1024;

export const encodeJsonAnswer: AppMiddleware = async (ctx, next) => {
  await next();
  const body: unknown = ctx.body;
  if (ctx.respond === false || !isPlainJson(body)) return;
  const text = JSON.stringify(body);
  ctx.body = text.length >= BYTES_FROM_LENGTH ? utf8Bytes(text) : text;
};
