/**
 * GET /v1/openapi.json: the document of the rule set in service (its result schemas follow the outputs
 * the loaded pipelines declare), serialised once per loaded set, on first request, into a Buffer with a
 * strong ETag; each request then writes those bytes (no 163 KB JSON.stringify per call) and a client
 * holding the ETag gets 304 Not Modified. A reload that adds an output gives a new document and ETag.
 */
import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { Engine } from '../../engine/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { engineForRequest } from '../engine-holder.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';

interface Serialised {
  body: Buffer;
  etag: string;
}

/** Keyed by the loaded set's outputs object: one per load, shared by every request on that set. */
const serialised = new WeakMap<object, Serialised>();

function openApiBytes(engine: Engine): Serialised {
  const key = engine.outputs();
  let found = serialised.get(key);
  if (!found) {
    const body = Buffer.from(JSON.stringify(buildOpenApiDocument(engine)), 'utf8');
    found = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    serialised.set(key, found);
  }
  return found;
}

export function registerOpenApiRoute(router: Router, deps: Pick<AppDeps, 'engine'>): void {
  router.get('/v1/openapi.json', (ctx) => {
    const { body, etag } = openApiBytes(engineForRequest(deps.engine));
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
