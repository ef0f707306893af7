/**
 * GET /v1/openapi.json: the document of the rule set in service (its result schemas follow the outputs
 * the loaded pipelines declare), serialised once per loaded set, on first request, into a Buffer with a
 * strong ETag; each request then writes those bytes (no 163 KB JSON.stringify per call) and a client
 * holding the ETag gets 304 Not Modified. A reload that adds an output gives a new document and ETag.
 *
 * The document is compressed as other JSON answers are (br or gzip by Accept-Encoding, with
 * `Vary: Accept-Encoding` when the request sent one), once per coding and loaded set. Each coding is its own representation with
 * its own strong ETag (the hash of the bytes sent, RFC 9110 8.8.3); as every coding decodes to the
 * same document, If-None-Match naming any of them is answered 304 with the ETag it named.
 */
import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { Engine } from '../../../engine/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { engineForRequest } from '../../process/engine-holder.ts';
import { chooseCoding, compress, type Coding } from '../http/content-coding.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';

interface Representation {
  body: Buffer;
  etag: string;
}

/** The plain document and the codings made so far (each on its first request). */
type Representations = Map<Coding | 'identity', Representation>;

/** Keyed by the loaded set's outputs object: one per load, shared by every request on that set. */
const serialised = new WeakMap<object, Representations>();

function representation(body: Buffer): Representation {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

function openApiBytes(engine: Engine, coding: Coding | null): { chosen: Representation; all: Representations } {
  const key = engine.outputs();
  let all = serialised.get(key);
  if (!all) {
    all = new Map([['identity', representation(Buffer.from(JSON.stringify(buildOpenApiDocument(engine)), 'utf8'))]]);
    serialised.set(key, all);
  }
  const name = coding ?? 'identity';
  let chosen = all.get(name);
  if (!chosen) all.set(name, (chosen = representation(compress(all.get('identity')!.body, coding!))));
  return { chosen, all };
}

/** The ETag of one of the document's representations that If-None-Match names, if any (weak comparison, as 304 wants). */
function namedEtag(ifNoneMatch: string, all: Representations): string | undefined {
  const named = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
  for (const { etag } of all.values()) if (named.includes(etag)) return etag;
  return undefined;
}

export function registerOpenApiRoute(router: Router, deps: Pick<AppDeps, 'engine'>): void {
  router.get('/v1/openapi.json', (ctx) => {
    const accepted = ctx.get('Accept-Encoding');
    const coding = chooseCoding(accepted);
    const { chosen, all } = openApiBytes(engineForRequest(deps.engine), coding);
    ctx.set('ETag', chosen.etag);
    ctx.set('Cache-Control', 'no-cache');
    // as middleware/json-answer.ts: Vary when the request took part in choosing the coding
    if (accepted !== '') ctx.vary('Accept-Encoding');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = chosen.body;
    if (coding) ctx.set('Content-Encoding', coding);
    // ctx.fresh compares If-None-Match with the ETag set above (Koa's conditional GET, which also honours
    // the request's Cache-Control: no-cache); an ETag of another coding of the same document is as current
    const other = ctx.fresh ? undefined : namedEtag(ctx.get('If-None-Match'), all);
    if (other !== undefined) ctx.set('ETag', other);
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
      // a 304 has no content, so no coding; its ETag names the representation the client holds
      ctx.remove('Content-Encoding');
    }
  });
}
