/**
 * Headers that keep pay data and echoed input inert: X-Content-Type-Options on every answer (the HTTP
 * layer's own refusals too), Cache-Control: no-store on calculation results and company profiles, and
 * markup in a company id quoted in the 404's message.
 */
import net from 'node:net';
import { expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { call, putProfile } from './support/test-server.ts';

const profilePath = (id: string) => `/cp/v1/companies/${encodeURIComponent(id)}/calculation-profile`;

describeEachStore('answer headers (%s)', (kind) => {
  const api = freshServer(kind);

  it('a calculation result and a profile GET or PUT are no-store and nosniff', async () => {
    const put = await putProfile(api.server, api.key, 'acme-tokyo');
    expect([put.status, put.headers.get('cache-control'), put.headers.get('x-content-type-options')]).toEqual([200, 'no-store', 'nosniff']);
    const get = await call(api.server, 'GET', profilePath('acme-tokyo'), { key: api.key });
    expect([get.status, get.headers.get('cache-control')]).toEqual([200, 'no-store']);
    const calc = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: bodies.monthly() });
    expect([calc.status, calc.headers.get('cache-control'), calc.headers.get('x-content-type-options')]).toEqual([
      200,
      'no-store',
      'nosniff',
    ]);
  });

  it('listings and errors are nosniff and keep their own caching', async () => {
    const masters = await call(api.server, 'GET', '/v1/masters/tax-tables', { key: api.key });
    expect([masters.status, masters.headers.get('x-content-type-options'), masters.headers.get('cache-control')]).toEqual([
      200,
      'nosniff',
      null,
    ]);
    const refused = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: {} });
    expect([refused.status, refused.headers.get('x-content-type-options'), refused.headers.get('cache-control')]).toEqual([
      422,
      'nosniff',
      null,
    ]);
    const unauthenticated = await call(api.server, 'GET', '/v1/usage');
    expect([unauthenticated.status, unauthenticated.headers.get('x-content-type-options')]).toEqual([401, 'nosniff']);
  });

  it('markup, quotes and direction overrides of a company id are quoted as \\u escapes in the 404 message', async () => {
    const id = '<script>alert("x")</script>\u202e';
    const res = await call(api.server, 'GET', profilePath(id), { key: api.key });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('company_not_found');
    expect(res.json.error.message).toContain(
      'Company \\u003cscript\\u003ealert(\\u0022x\\u0022)\\u003c/script\\u003e\\u202e does not exist',
    );
    const plain = await call(api.server, 'GET', profilePath('nobody-co'), { key: api.key });
    expect(plain.json.error.message).toMatch(/^Company nobody-co does not exist/);
  });

  it("the HTTP layer's own refusal (a malformed request line) is nosniff too", async () => {
    const { port } = new URL(api.server.url);
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
  });
});
