/**
 * GET /docs over plain HTTP (the browser test drives it in Chromium): public, every asset from this
 * server under a same-origin Content-Security-Policy, only the listed files, and the description it
 * loads still behind the API key.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshServer } from './support/fresh-server.ts';
import { call } from './support/test-server.ts';

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

describe('GET /docs', () => {
  const api = freshServer('sqlite');

  it("serves the reference page without a key, with only this server's assets", async () => {
    for (const path of ['/docs', '/docs/']) {
      const res = await fetch(`${api.server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'; script-src 'self'");
      const html = await res.text();
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      expect(assets.sort()).toEqual([
        '/docs/favicon-32x32.png',
        '/docs/reference.css',
        '/docs/reference.js',
        '/docs/swagger-ui-bundle.js',
        '/docs/swagger-ui.css',
      ]);
    }
  });

  it('serves Swagger UI from the swagger-ui-dist package and the page script pointing at /v1/openapi.json', async () => {
    const bundle = await fetch(`${api.server.url}/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(Buffer.from(await bundle.arrayBuffer()).equals(readFileSync(join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js')))).toBe(true);
    const css = await fetch(`${api.server.url}/docs/swagger-ui.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const script = await (await fetch(`${api.server.url}/docs/reference.js`)).text();
    expect(script).toContain("url: '/v1/openapi.json'");
    expect(script).toContain('validatorUrl: null');
  });

  it('serves nothing else without a key, and the description it loads still needs one', async () => {
    for (const path of [
      '/docs/package.json',
      '/docs/index.html',
      '/docs/swagger-ui-bundle.js.map',
      '/docs/../package.json',
      '/v1/openapi.json',
    ]) {
      const res = await call(api.server, 'GET', path);
      expect(res.status, path).toBe(401);
      expect(res.json.error.code).toBe('unauthorized');
    }
    expect((await call(api.server, 'POST', '/docs')).status).toBe(401);
  });
});
