/**
 * What Node's HTTP layer refuses by itself (broken framing, oversize headers or URL,
 * an unknown method, an Expect it cannot meet, a client too slow to send its request) is answered with
 * the JSON error envelope and X-Request-Id like every other error, then the connection is closed.
 */
import { describe, expect, it } from 'vitest';
import { freshServer } from './support/fresh-server.ts';
import { RawConnection, type RawResponse } from './support/raw-http.ts';

const HEADERS_TIMEOUT_MS = 300;
const REQUEST_TIMEOUT_MS = 600;

/** The default (long) HTTP timeouts: on a busy machine no test here may run into a bound it does not test. */
const api = freshServer('sqlite');

async function exchange(bytes: string, url = api.server.url): Promise<{ res: RawResponse; connection: RawConnection }> {
  const connection = await RawConnection.open(url);
  connection.write(bytes);
  await connection.closed;
  const [res] = connection.responses();
  return { res, connection };
}

function expectEnvelope(res: RawResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers.connection).toBe('close');
  const body = JSON.parse(res.body);
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(10);
  expect(body.error.request_id).toBe(res.headers['x-request-id']);
}

describe("errors raised by Node's HTTP layer carry the envelope", () => {
  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n'],
    ['an unknown method', 'FROB /healthz HTTP/1.1\r\nHost: x\r\n\r\n'],
    [
      'both Content-Length and Transfer-Encoding',
      'POST /v1/payroll/monthly:calculate HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    ['a bad chunk size', 'POST /v1/payroll/monthly:calculate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
    ['a header without a colon', 'GET /healthz HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n'],
  ])('400 bad_request for %s', async (_name, bytes) => {
    const { res } = await exchange(bytes);
    expectEnvelope(res, 400, 'bad_request');
  });

  it.each([
    [
      'a POST',
      () =>
        `POST /v1/payroll/monthly:calculate HTTP/1.1\r\nHost: x\r\nX-API-Key: ${api.key}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
    ],
    ['a GET', () => 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('a valid pipelined request (%s) followed by garbage gets its own answer, then the 400', async (_name, request) => {
    const { connection } = await exchange(`${request()}GARBAGE\r\n\r\n`);
    const [first, second] = connection.responses();
    expect(connection.responses()).toHaveLength(2);
    // the first request's own answer (the POST's body is refused by the schema, not by the garbage)
    expect(first.status).toBe(request().startsWith('POST') ? 422 : 200);
    expect(first.headers.connection).toBe('keep-alive');
    expectEnvelope(second, 400, 'bad_request');
  });

  it('431 headers_too_large for an over-long URL', async () => {
    const { res } = await exchange(`GET /healthz?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectEnvelope(res, 431, 'headers_too_large');
  });

  it('431 headers_too_large for over-long headers', async () => {
    const { res } = await exchange(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expectEnvelope(res, 431, 'headers_too_large');
  });

  it('417 expectation_failed for an Expect other than 100-continue', async () => {
    const { res } = await exchange('GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: something-else\r\n\r\n');
    expectEnvelope(res, 417, 'expectation_failed');
  });

  it('Expect: 100-continue gets 100 Continue, then the real answer', async () => {
    const connection = await RawConnection.open(api.server.url);
    connection.write(
      'POST /v1/payroll/monthly:calculate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n',
    );
    while (!connection.rawText().includes('100 Continue')) await new Promise((r) => setTimeout(r, 10));
    connection.write('{}');
    const text = () => connection.rawText().replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
    while (!/\r\n\r\n.*\}$/s.test(text())) await new Promise((r) => setTimeout(r, 10));
    expect(text()).toMatch(/^HTTP\/1\.1 401 /);
    expect(text()).toContain('"code":"unauthorized"');
    connection.destroy();
  });
});

describe('slow clients are cut off at the configured bounds', () => {
  const slow = freshServer('sqlite', {
    timeouts: { headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS, keepAliveTimeoutMs: 5000 },
  });

  it('a body sent too slowly gets 408 request_timeout with the envelope once the request timeout passes', async () => {
    const connection = await RawConnection.open(slow.server.url);
    // With a valid key, so the server is reading the body (not refusing before it).
    connection.write(
      `POST /v1/payroll/monthly:calculate HTTP/1.1\r\nHost: x\r\nX-API-Key: ${slow.key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    // Keep trickling bytes, so only the whole-request bound (not an idle socket timeout) can end it.
    const trickle = setInterval(() => !connection.isClosed && connection.write(' '), 50);
    await connection.closed;
    clearInterval(trickle);
    const [res] = connection.responses();
    expectEnvelope(res, 408, 'request_timeout');
  });

  it('headers sent too slowly get 408 request_timeout', async () => {
    const connection = await RawConnection.open(slow.server.url);
    connection.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => !connection.isClosed && connection.write('X-A: b\r\n'), 50);
    await connection.closed;
    clearInterval(trickle);
    expectEnvelope(connection.responses()[0], 408, 'request_timeout');
  });
});

describe('requests Node would answer bare or not at all', () => {
  it('400 bad_request for an HTTP/1.1 request without Host (HTTP/1.0 may omit it)', async () => {
    expectEnvelope((await exchange('GET /healthz HTTP/1.1\r\n\r\n')).res, 400, 'bad_request');
    const { res } = await exchange('GET /healthz HTTP/1.0\r\n\r\n');
    expect(res.status).toBe(200);
  });

  it('405 method_not_allowed for CONNECT (no tunnels), where Node sent nothing', async () => {
    const { res } = await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expectEnvelope(res, 405, 'method_not_allowed');
  });
});

describe("the HTTP layer's answers carry CORS headers for a listed origin", () => {
  const APP = 'https://payroll-app.example.com';
  const cors = freshServer('sqlite', {
    config: { corsOrigins: [APP] },
    timeouts: { headersTimeoutMs: REQUEST_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS, keepAliveTimeoutMs: 5000 },
  });

  function expectCors(res: RawResponse, origin: string | null) {
    expect(res.headers['access-control-allow-origin']).toBe(origin ?? undefined);
    if (origin !== null) expect(res.headers['access-control-expose-headers']).toContain('X-Request-Id');
    expect(res.headers.vary).toBe('Origin');
  }

  it.each([
    [
      '431 for over-long headers',
      `GET /healthz HTTP/1.1\r\nHost: x\r\nOrigin: ${APP}\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      431,
      'headers_too_large',
    ],
    ['400 for a header without a colon', `GET /healthz HTTP/1.1\r\nHost: x\r\nOrigin: ${APP}\r\nbroken header\r\n\r\n`, 400, 'bad_request'],
    ['400 for a request without Host', `GET /healthz HTTP/1.1\r\nOrigin: ${APP}\r\n\r\n`, 400, 'bad_request'],
    ['405 for CONNECT', `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nOrigin: ${APP}\r\n\r\n`, 405, 'method_not_allowed'],
    ['417 for an unmet Expect', `GET /healthz HTTP/1.1\r\nHost: x\r\nOrigin: ${APP}\r\nExpect: other\r\n\r\n`, 417, 'expectation_failed'],
  ])('%s', async (_name, bytes, status, code) => {
    const { res } = await exchange(bytes, cors.server.url);
    expectEnvelope(res, status, code);
    expectCors(res, APP);
  });

  it('408 for a body sent too slowly', async () => {
    const connection = await RawConnection.open(cors.server.url);
    connection.write(
      `POST /v1/payroll/monthly:calculate HTTP/1.1\r\nHost: x\r\nOrigin: ${APP}\r\nX-API-Key: ${cors.key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    const trickle = setInterval(() => !connection.isClosed && connection.write(' '), 50);
    await connection.closed;
    clearInterval(trickle);
    const [res] = connection.responses();
    expectEnvelope(res, 408, 'request_timeout');
    expectCors(res, APP);
  });

  it('an origin not listed gets no Access-Control-Allow-Origin', async () => {
    const { res } = await exchange(`GET /healthz HTTP/1.1\r\nOrigin: https://evil.example\r\n\r\n`, cors.server.url);
    expectEnvelope(res, 400, 'bad_request');
    expectCors(res, null);
  });
});
