/**
 * The shutdown drain never resets a kept-alive connection. Driven through the server's own
 * drain hook (beginDrain, which resolves when the listener has closed) and its request events, so
 * nothing depends on timing: an idle kept-alive connection is closed without a byte once the accept
 * window and the idle grace (250 ms, for a request already on its way:
 * test/api/shutdown-under-load.test.ts) are over; an in-flight request finishes with Connection: close;
 * within the accept window a new connection is accepted and served with Connection: close, and
 * /readyz says 503; a request that arrives once the listener has closed gets 503
 * service_unavailable, Connection: close, Retry-After and the envelope, after the in-flight response
 * on the same connection; the deadline counts the requests it cuts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../server/app/store/types.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { get, RawConnection } from './support/raw-http.ts';
import { newAccount, putProfile, startTestServer, type TestServer } from './support/test-server.ts';
import { CONFIG_DEFAULTS } from '../../server/boot/config.ts';

const TIMEOUTS = {
  requestTimeoutMs: CONFIG_DEFAULTS.PAYROLL_REQUEST_TIMEOUT_MS,
  headersTimeoutMs: CONFIG_DEFAULTS.PAYROLL_HEADERS_TIMEOUT_MS,
  keepAliveTimeoutMs: CONFIG_DEFAULTS.PAYROLL_KEEP_ALIVE_TIMEOUT_MS,
};

let db: TestDatabase;
let server: TestServer;
let apiKey: string;
let release: () => void;
let entered: Promise<void>;

beforeEach(async () => {
  db = await createTestDatabase('sqlite');
  const store = await db.open();
  let gate = Promise.resolve();
  let signalEntered = () => {};
  // A store whose company lookup waits for the test while `hold` is set: a request held in flight.
  const held = { on: false };
  const slowStore: Store = Object.assign(Object.create(store), {
    findCompany: async (a: string, c: string) => {
      if (held.on) {
        signalEntered();
        await gate;
      }
      return store.findCompany(a, c);
    },
  });
  // a quiet time long enough for a test's few connections within the accept window on a loaded machine
  server = await startTestServer(db, { store: slowStore, timeouts: { ...TIMEOUTS, drainQuietMs: 2000 } });
  apiKey = (await newAccount(store)).api_key;
  expect((await putProfile(server, apiKey, 'acme-tokyo')).status).toBe(200);
  held.on = true;
  gate = new Promise<void>((r) => (release = r));
  entered = new Promise<void>((r) => (signalEntered = r));
});

afterEach(async () => {
  release();
  await server.stop();
  await db.drop();
});

function post(path: string, body: unknown): string {
  const payload = JSON.stringify(body);
  return `POST ${path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nX-API-Key: ${apiKey}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;
}

function expectDrainRefusal(res: { status: number; headers: Record<string, string>; body: string }) {
  expect(res.status).toBe(503);
  expect(res.headers.connection).toBe('close');
  expect(res.headers['retry-after']).toBe('1');
  const body = JSON.parse(res.body);
  expect(body.error.code).toBe('service_unavailable');
  expect(body.error.request_id).toBe(res.headers['x-request-id']);
}

/**
 * A connection whose income-tax request is held in flight (in the store's company lookup), the drain
 * begun behind it; listenerClosed resolves when the accept window is over.
 */
async function drainBehindHeldRequest(): Promise<{ busy: RawConnection; listenerClosed: Promise<void> }> {
  const busy = await RawConnection.open(server.url);
  busy.write(post(PATHS.incomeTax, bodies.incomeTax()));
  await entered;
  const listenerClosed = server.running.beginDrain();
  return { busy, listenerClosed };
}

/** Resolves when the server has read the head of a request for this URL. */
function requestArrives(url: string): Promise<void> {
  return new Promise<void>((resolve) => server.running.http.on('request', (req) => req.url === url && resolve()));
}

describe('shutdown drain on kept-alive connections', () => {
  it('closes an idle kept-alive connection after the idle grace, without sending anything', async () => {
    const idle = await RawConnection.open(server.url);
    idle.write(get('/healthz'));
    const [first] = await idle.waitForResponses(1);
    expect(first.status).toBe(200);
    expect(first.headers.connection).toBe('keep-alive');
    server.running.beginDrain();
    await idle.closed;
    expect(idle.responses()).toHaveLength(1);
  });

  it('lets an in-flight request finish with Connection: close, then closes the connection', async () => {
    const { busy } = await drainBehindHeldRequest();
    release();
    const [res] = await busy.waitForResponses(1);
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body).calculation_type).toBe('income_tax_simulation');
    await busy.closed;
    expect(busy.responses()).toHaveLength(1);
  });

  it('within the accept window serves a new connection with Connection: close, and /readyz says 503', async () => {
    const { busy, listenerClosed } = await drainBehindHeldRequest();
    let windowOver = false;
    void listenerClosed.then(() => (windowOver = true));
    const late = await RawConnection.open(server.url);
    late.write(get('/healthz'));
    const [health] = await late.waitForResponses(1);
    expect([health.status, health.headers.connection, JSON.parse(health.body).status]).toEqual([200, 'close', 'ok']);
    await late.closed;
    const probe = await RawConnection.open(server.url);
    probe.write(get('/readyz'));
    const [ready] = await probe.waitForResponses(1);
    expect(ready.status).toBe(503);
    expect(ready.headers.connection).toBe('close');
    expect(JSON.parse(ready.body).error).toMatchObject({
      code: 'not_ready',
      message: 'The service is not ready: the server is draining for shutdown.',
    });
    expect(windowOver).toBe(false);
    await listenerClosed;
    await expect(RawConnection.open(server.url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    release();
    expect((await busy.waitForResponses(1))[0].status).toBe(200);
  });

  it('answers a request arriving after the listener closed with 503, Connection: close, Retry-After and the envelope', async () => {
    const { busy, listenerClosed } = await drainBehindHeldRequest();
    await listenerClosed;
    // A second request on the same connection, arriving while the first is in flight.
    const arrived = requestArrives('/healthz?late');
    busy.write(get('/healthz?late'));
    await arrived;
    release();
    const [first, second] = await busy.waitForResponses(2);
    expect(first.status).toBe(200);
    expect(first.headers.connection).not.toBe('close');
    expectDrainRefusal(second);
    await busy.closed;
    expect(busy.responses()).toHaveLength(2);
  });

  it('serves a request pipelined within the accept window after the in-flight one, and closes with it', async () => {
    const { busy } = await drainBehindHeldRequest();
    const arrived = requestArrives('/healthz?pipelined');
    busy.write(get('/healthz?pipelined'));
    await arrived;
    release();
    const [first, second] = await busy.waitForResponses(2);
    expect(first.status).toBe(200);
    expect(first.headers.connection).not.toBe('close');
    expect([second.status, second.headers.connection]).toEqual([200, 'close']);
    await busy.closed;
    expect(busy.responses()).toHaveLength(2);
  });

  it('the deadline counts the requests it cuts in flight', async () => {
    const busy = await RawConnection.open(server.url);
    busy.write(post(PATHS.incomeTax, bodies.incomeTax()));
    await entered;
    expect(await server.running.stop(600)).toEqual({ cutRequests: 1 });
    await busy.closed;
    expect(busy.responses()).toHaveLength(0);
  });

  it('stop() resolves once the drained connections are gone, without cutting them', async () => {
    const connections = await Promise.all([1, 2, 3].map(() => RawConnection.open(server.url)));
    for (const c of connections) c.write(get('/healthz'));
    for (const c of connections) expect((await c.waitForResponses(1))[0].status).toBe(200);
    expect(await server.stop()).toEqual({ cutRequests: 0 });
    for (const c of connections) {
      await c.closed;
      expect(c.rawText()).not.toMatch(/HTTP\/1\.1 5\d\d/);
    }
  });
});
