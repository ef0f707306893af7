/**
 * GET /docs: the interactive API reference (Swagger UI from the swagger-ui-dist package), every asset
 * served from this process, nothing from a CDN. It is answered before the API-key check: the page is
 * public, and it asks the reader for a key to load /v1/openapi.json, which needs one like every
 * endpoint (spec). A Content-Security-Policy limited to this origin makes "no third-party asset" hold
 * in the browser too.
 *
 * Why not koa-static/koa-send: five fixed files, read once into memory, with no path taken from the
 * request; an allow-list is shorter and cannot serve anything else from node_modules.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppMiddleware } from '../context.ts';

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
// Beside this module: server/app/routes/docs-page under tsx, dist/docs-page in the bundle (`npm run build`
// copies it there, so dist/ is all a deployment needs, as the Dockerfile's runtime stage assumes).
const PAGE_DIR = fileURLToPath(new URL('./docs-page/', import.meta.url));

interface Asset {
  file: string;
  type: string;
}

const ASSETS: Record<string, Asset> = {
  '/docs': { file: join(PAGE_DIR, 'index.html'), type: 'text/html; charset=utf-8' },
  '/docs/': { file: join(PAGE_DIR, 'index.html'), type: 'text/html; charset=utf-8' },
  '/docs/reference.js': { file: join(PAGE_DIR, 'reference.js'), type: 'text/javascript; charset=utf-8' },
  '/docs/reference.css': { file: join(PAGE_DIR, 'reference.css'), type: 'text/css; charset=utf-8' },
  '/docs/swagger-ui-bundle.js': { file: join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  '/docs/swagger-ui.css': { file: join(SWAGGER_UI_DIR, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  '/docs/favicon-32x32.png': { file: join(SWAGGER_UI_DIR, 'favicon-32x32.png'), type: 'image/png' },
};

// Swagger UI sets style attributes and shows images as data: URLs; scripts, styles and requests stay on
// this origin.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function serveApiReference(): AppMiddleware {
  const cache = new Map<string, Buffer>();
  // Not async: every API request passes here, and nothing in it waits (a throw from readFileSync is
  // turned into a rejection by Koa's compose, as an async function would have).
  return (ctx, next) => {
    const asset = ASSETS[ctx.path];
    if (!asset || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let body = cache.get(asset.file);
    if (!body) {
      body = readFileSync(asset.file);
      cache.set(asset.file, body);
    }
    ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = asset.type;
    ctx.body = body;
  };
}
