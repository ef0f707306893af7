/**
 * Whatever a new server's first request is, it is answered and logged as on a server that has answered
 * many (validators, plans and listings are made at first use): a calculation as the very first request
 * gives the amounts a warmed server gives, a key-less first request is logged with the route it was
 * meant for, and a probe first leaves every route to answer afterwards.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { realEngine } from './support/real-engine.ts';
import { call, newAccount, putProfile, startTestServer, type TestServer } from './support/test-server.ts';

const opened: { db: TestDatabase; server: TestServer }[] = [];
afterAll(async () => {
  for (const { db, server } of opened) {
    await server.stop();
    await db.drop();
  }
});

async function newServer(): Promise<TestServer & { key: string }> {
  const db = await createTestDatabase('sqlite');
  const server = await startTestServer(db, { engine: realEngine() });
  opened.push({ db, server });
  const { api_key } = await newAccount(server.store);
  return { ...server, key: api_key };
}

/** A monthly result without what differs per call and per server (its id and time, the stored profile's id). */
function amountsOf(json: { amounts: unknown; settings_snapshot: unknown; calculation_trace: unknown }) {
  const kept = { amounts: json.amounts, settings_snapshot: json.settings_snapshot, trace: json.calculation_trace };
  return JSON.parse(JSON.stringify(kept).replace(/prof_[0-9a-f-]{36}/g, 'prof_*')) as unknown;
}

describe("a new server's first requests", () => {
  it('a calculation among the first requests gives the amounts of a server that has answered many', async () => {
    const warmed = await newServer();
    expect((await putProfile(warmed, warmed.key, 'acme-tokyo')).status).toBe(200);
    for (let i = 0; i < 3; i += 1) await call(warmed, 'POST', PATHS.monthly, { key: warmed.key, body: bodies.monthly() });
    const expected = await call(warmed, 'POST', PATHS.monthly, { key: warmed.key, body: bodies.monthly() });
    expect(expected.status).toBe(200);

    const fresh = await newServer();
    expect((await putProfile(fresh, fresh.key, 'acme-tokyo')).status).toBe(200);
    const first = await call(fresh, 'POST', PATHS.monthly, { key: fresh.key, body: bodies.monthly() });
    expect(first.status).toBe(200);
    expect(amountsOf(first.json)).toEqual(amountsOf(expected.json));
    expect(first.json.amounts.net_payment).toBe(expected.json.amounts.net_payment);
    expect(first.json.amounts.net_payment).toBeGreaterThan(0);
  });

  it('a key-less first request is refused 401 and logged with the route it was meant for', async () => {
    const fresh = await newServer();
    const res = await call(fresh, 'POST', PATHS.monthly, { body: bodies.monthly() });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthorized');
    expect(fresh.logs.filter((l) => l.msg === 'request')).toEqual([
      expect.objectContaining({ method: 'POST', route: '/v1/payroll/monthly:calculate', status: 401, account_id: null }),
    ]);
  });

  it('after a probe as the first request, every route answers', async () => {
    const fresh = await newServer();
    expect((await call(fresh, 'GET', '/healthz')).status).toBe(200);
    expect((await call(fresh, 'GET', '/v1/masters/tax-tables', { key: fresh.key })).status).toBe(200);
    expect((await call(fresh, 'GET', '/v1/openapi.json', { key: fresh.key })).json.openapi).toMatch(/^3\./);
    // a method the path does not have: 405 from the router's allowedMethods (logged without a route, as always)
    expect((await call(fresh, 'DELETE', '/v1/masters/tax-tables', { key: fresh.key })).status).toBe(405);
    expect((await call(fresh, 'GET', '/v1/no-such-route', { key: fresh.key })).status).toBe(404);
    const routes = fresh.logs.filter((l) => l.msg === 'request').map((l) => [l.route, l.status]);
    expect(routes).toEqual([
      ['/healthz', 200],
      ['/v1/masters/tax-tables', 200],
      ['/v1/openapi.json', 200],
      [null, 405],
      [null, 404],
    ]);
  });
});
