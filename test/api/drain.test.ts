/**
 * The shutdown drain never resets a kept-alive connection. Driven through the server's own
 * drain hook (beginDrain) and its request events, so nothing depends on timing: an idle kept-alive
 * connection is closed without a byte once the drain's idle grace (250 ms, for a request already on
 * its way: test/api/shutdown-under-load.test.ts) is over; an in-flight request finishes with Connection: close;
 * a request that arrives during the drain gets 503 service_unavailable, Connection: close, Retry-After
 * and the envelope, after the in-flight response on the same connection.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../server/app/store/types.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { get, RawConnection } from './support/raw-http.ts';
import { newAccount, putProfile, startTestServer, type TestServer } from './support/test-server.ts';

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
  server = await startTestServer(db, { store: slowStore });
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

/** A connection whose income-tax request is held in flight (in the store's company lookup), the drain begun behind it. */
async function drainBehindHeldRequest(): Promise<RawConnection> {
  const busy = await RawConnection.open(server.url);
  busy.write(post(PATHS.incomeTax, bodies.incomeTax()));
  await entered;
  server.running.beginDrain();
  return busy;
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
    const busy = await drainBehindHeldRequest();
    release();
    const [res] = await busy.waitForResponses(1);
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body).calculation_type).toBe('income_tax_simulation');
    await busy.closed;
    expect(busy.responses()).toHaveLength(1);
  });

  it('answers a request arriving during the drain with 503, Connection: close, Retry-After and the envelope', async () => {
    const busy = await drainBehindHeldRequest();
    // A second request on the same connection, arriving while the first is in flight.
    const arrived = new Promise<void>((resolve) => server.running.http.on('request', (req) => req.url === '/healthz?late' && resolve()));
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

  it('stop() resolves once the drained connections are gone, without cutting them', async () => {
    const connections = await Promise.all([1, 2, 3].map(() => RawConnection.open(server.url)));
    for (const c of connections) c.write(get('/healthz'));
    for (const c of connections) expect((await c.waitForResponses(1))[0].status).toBe(200);
    await server.stop();
    for (const c of connections) {
      await c.closed;
      expect(c.rawText()).not.toMatch(/HTTP\/1\.1 5\d\d/);
    }
  });
});
