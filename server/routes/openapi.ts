/** GET /v1/openapi.json: the document is built once; it only changes with the code. */
import type Router from '@koa/router';
import { buildOpenApiDocument } from '../openapi/document.ts';

export function registerOpenApiRoute(router: Router): void {
  let document: unknown;
  router.get('/v1/openapi.json', (ctx) => {
    document ??= buildOpenApiDocument();
    ctx.body = document;
  });
}
