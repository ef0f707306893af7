/**
 * GET /v1/openapi.json: the document only changes with the code, so it is serialised once, on first
 * request, into a Buffer with a strong ETag; each request then writes those bytes (no 163 KB
 * JSON.stringify per call) and a client holding the ETag gets 304 Not Modified.
 */
import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import { buildOpenApiDocument } from '../openapi/document.ts';

interface Serialised {
  body: Buffer;
  etag: string;
}

let serialised: Serialised | undefined;

function openApiBytes(): Serialised {
  if (!serialised) {
    const body = Buffer.from(JSON.stringify(buildOpenApiDocument()), 'utf8');
    serialised = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }
  return serialised;
}

export function registerOpenApiRoute(router: Router): void {
  router.get('/v1/openapi.json', (ctx) => {
    const { body, etag } = openApiBytes();
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = body;
    // ctx.fresh compares If-None-Match with the ETag set above (Koa's conditional GET).
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
  });
}
