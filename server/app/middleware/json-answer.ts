/**
 * Large JSON answers leave as bytes: a plain object or array body, which Koa would serialise with
 * JSON.stringify, is serialised here the same way and, when long (a calculation with its trace), handed
 * to Koa as a Buffer of its UTF-8 (http/utf8-bytes.ts says why), so Content-Length is the Buffer's
 * length and nothing walks the text again. A short text is handed over as the string: Node sends it in
 * one piece with the head, cheaper than a Buffer for a few hundred bytes. Status, headers and the bytes
 * on the wire are what Koa would have sent. Outermost, so error envelopes leave the same way; any other
 * body (Buffer, stream, string, null) is Koa's as before. A Calculation (the body a calculation route
 * sets) is written by the engine's writers, the text of its plain result: calculationJson, or with a
 * trace straight to bytes (calculationUtf8: each step's rule metadata copied in already encoded, so the
 * two-byte text of its Japanese legal sources is neither built nor encoded per answer).
 *
 * From COMPRESS_FROM_BYTES on, the answer is compressed when the client's Accept-Encoding allows
 * (http/content-coding.ts), and says `Vary: Accept-Encoding` whenever the request took part in that
 * choice (it sent Accept-Encoding), compressed or not, so a cache does not hand one client's coding to
 * another. Shorter answers, and requests without Accept-Encoding, get exactly the bytes and headers of
 * before (the plain bytes are acceptable to every client, so a cache may keep them without Vary).
 */
import { Calculation, calculationJson, calculationUtf8 } from '../../../engine/index.ts';
import type { AppMiddleware } from '../context.ts';
import { chooseCoding, compress, COMPRESS_FROM_BYTES } from '../http/content-coding.ts';
import { utf8Bytes } from '../http/utf8-bytes.ts';

function isPlainJson(body: unknown): body is object {
  if (typeof body !== 'object' || body === null) return false;
  const proto: unknown = Object.getPrototypeOf(body);
  return proto === Object.prototype || proto === null || Array.isArray(body);
}

/** In UTF-16 units; a calculation without trace is ~1,600, with trace ~37,000. */
const BYTES_FROM_LENGTH = 8 * 1024;

export const encodeJsonAnswer: AppMiddleware = async (ctx, next) => {
  await next();
  const body: unknown = ctx.body;
  if (ctx.respond === false) return;
  // every answer, so that no browser reads a JSON text (which may quote what a client sent) as a page
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (body instanceof Calculation) return answerCalculation(ctx, body);
  if (isPlainJson(body)) answerText(ctx, JSON.stringify(body));
};

function answerCalculation(ctx: Parameters<AppMiddleware>[0], calc: Calculation): void {
  if (calc.records.length > 0) {
    const bytes = calculationUtf8(calc);
    // (a traced answer is kilobytes: a short one, were there any, takes the path of any other answer)
    if (bytes.length >= COMPRESS_FROM_BYTES) return answerLong(ctx, bytes);
  }
  answerText(ctx, calculationJson(calc));
}

function answerText(ctx: Parameters<AppMiddleware>[0], text: string): void {
  // in UTF-16 units: never more than the bytes, so an answer below it is below the threshold in bytes too
  if (text.length < COMPRESS_FROM_BYTES) {
    ctx.body = text;
    return;
  }
  answerLong(ctx, text);
}

/** A JSON answer a route wrote as bytes itself (the batch's results), sent or compressed as any other. */
export function answerJsonBytes(ctx: Parameters<AppMiddleware>[0], bytes: Buffer): void {
  ctx.type = 'application/json; charset=utf-8';
  if (bytes.length < COMPRESS_FROM_BYTES) ctx.body = bytes;
  else answerLong(ctx, bytes);
}

/** An answer from COMPRESS_FROM_BYTES on (text, or a traced result's bytes): compressed when the client's
 * Accept-Encoding allows, with Vary whenever the request sent Accept-Encoding. */
function answerLong(ctx: Parameters<AppMiddleware>[0], plain: string | Buffer): void {
  const accepted = ctx.get('Accept-Encoding');
  if (accepted !== '') ctx.vary('Accept-Encoding');
  const coding = chooseCoding(accepted);
  if (coding === null) {
    ctx.body = typeof plain === 'string' && plain.length >= BYTES_FROM_LENGTH ? utf8Bytes(plain) : plain;
    return;
  }
  // the JSON Content-Type stays (Koa set it with the object body), Content-Length becomes the compressed length
  ctx.body = compress(typeof plain === 'string' ? utf8Bytes(plain) : plain, coding);
  ctx.set('Content-Encoding', coding);
}
