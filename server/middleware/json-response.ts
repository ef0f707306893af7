/**
 * Successful JSON answers leave as bytes encoded once (http/utf8-json.ts says why) rather than as an
 * object Koa would stringify, measure and let Node encode again. Same bytes, same Content-Type
 * (application/json; charset=utf-8, set when the route assigned its object) and Content-Length.
 * Strings, Buffers and streams (the API reference page, openapi.json) pass untouched; error envelopes
 * are set by errorEnvelope, outside this middleware, and stay with Koa (they are small and rare).
 */
import type { AppMiddleware } from '../context.ts';
import { utf8Json } from '../http/utf8-json.ts';

/** Plain objects and arrays, what Koa would stringify; anything else (Buffer, stream, Blob) is Koa's. */
function isPlainJson(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const proto: unknown = Object.getPrototypeOf(body);
  return Array.isArray(body) || proto === Object.prototype || proto === null;
}

export const encodeJsonResponse: AppMiddleware = async (ctx, next) => {
  await next();
  const body: unknown = ctx.body;
  if (isPlainJson(body)) ctx.body = utf8Json(body);
};
