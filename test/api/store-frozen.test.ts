/**
 * A frozen PostgreSQL (it accepts connections and bytes but never answers: SIGSTOP, a frozen VM) is
 * answered 503 store_unavailable within PAYROLL_STORE_TIMEOUT_MS plus STORE_TIMEOUT_GRACE_MS, for a
 * calculation and for a PUT (whose transaction used to wait once for its statement, then again for its
 * ROLLBACK): the timeout is what a request waits on the store in total. Once it thaws the service
 * answers again by itself: the connections the requests gave up on were destroyed, not left in the pool.
 * The freeze is a TCP proxy in front of the test PostgreSQL (support/freezable-proxy.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase, describeUnless, storeSkipReason, TEST_DATABASE_URL, type TestDatabase } from './support/databases.ts';
import { startFreezableProxy, type FreezableProxy } from './support/freezable-proxy.ts';
import { call, newAccount, putProfile, startTestServer, type TestServer } from './support/test-server.ts';
import { openPostgresStore } from '../../server/app/store/postgres.ts';
import { STORE_TIMEOUT_GRACE_MS } from '../../server/app/store/guarded-store.ts';

const STORE_TIMEOUT_MS = 1000;
/** What a loaded test machine adds (event loop, HTTP) on top of the grace the guard allows. */
const MACHINE_SLACK_MS = 600;
const BOUND_MS = STORE_TIMEOUT_MS + STORE_TIMEOUT_GRACE_MS + MACHINE_SLACK_MS;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describeUnless(storeSkipReason('postgres'), 'a frozen PostgreSQL (postgres)', () => {
  let db: TestDatabase;
  let proxy: FreezableProxy;
  let server: TestServer;
  let free: { api_key: string; account_id: string };

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    await (await db.open()).close(); // migrated directly, not through the proxy
    const target = new URL(TEST_DATABASE_URL);
    proxy = await startFreezableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const through = new URL(TEST_DATABASE_URL);
    through.host = `127.0.0.1:${proxy.port}`;
    const store = await openPostgresStore({
      connectionString: through.toString(),
      schema: db.location,
      maxConnections: 5,
      timeoutMs: STORE_TIMEOUT_MS,
    });
    server = await startTestServer(db, { store, now: () => new Date('2026-05-20T03:00:00Z') });
    free = await newAccount(server.store, 'free');
    expect((await putProfile(server, free.api_key, 'acme-tokyo')).status).toBe(200);
    expect((await call(server, 'POST', PATHS.monthly, { key: free.api_key, body: bodies.monthly() })).status).toBe(200);
  });
  afterAll(async () => {
    proxy?.thaw();
    await server?.stop();
    await proxy?.close();
    await db?.drop();
  });

  /** Freezes the proxy for `work`, thawing it whatever happens. */
  async function frozen<T>(work: () => Promise<T>): Promise<T> {
    proxy.freeze();
    try {
      return await work();
    } finally {
      proxy.thaw();
    }
  }

  function expectBounded(answer: { result: Awaited<ReturnType<typeof call>>; ms: number }): void {
    expect(answer.result.status).toBe(503);
    expect(answer.result.json.error.code).toBe('store_unavailable');
    expect(answer.result.headers.get('retry-after')).toBe('1');
    expect(answer.ms).toBeGreaterThanOrEqual(STORE_TIMEOUT_MS - 5);
    expect(answer.ms).toBeLessThan(BOUND_MS);
  }

  it(`answers a calculation 503 within ${STORE_TIMEOUT_MS} + ${STORE_TIMEOUT_GRACE_MS} ms`, async () => {
    expectBounded(await frozen(() => timed(() => call(server, 'POST', PATHS.monthly, { key: free.api_key, body: bodies.monthly() }))));
  });

  it(`answers a PUT 503 within ${STORE_TIMEOUT_MS} + ${STORE_TIMEOUT_GRACE_MS} ms: its statement and ROLLBACK share the budget`, async () => {
    expectBounded(await frozen(() => timed(() => putProfile(server, free.api_key, 'acme-osaka'))));
  });

  it('bounds requests queued for a pooled connection the same way, and answers again at once when thawed', async () => {
    // More requests than the pool has connections (5).
    const crowd = await frozen(() =>
      Promise.all(
        Array.from({ length: 8 }, () => timed(() => call(server, 'POST', PATHS.monthly, { key: free.api_key, body: bodies.monthly() }))),
      ),
    );
    // Eight requests and the test's own fetches share one loaded event loop: the bound is checked on the
    // server's own measure of each (its log line), the wall clock only loosely.
    for (const { result, ms } of crowd) {
      expect(result.status).toBe(503);
      const line = server.logs.find((l) => l.request_id === result.json.error.request_id && l.msg === 'request');
      expect(line?.latency_ms).toBeLessThan(BOUND_MS);
      expect(ms).toBeLessThan(2 * BOUND_MS);
    }
    // Thawed: answered at once, by a pool that kept no connection the requests gave up on.
    const after = await timed(() => call(server, 'POST', PATHS.monthly, { key: free.api_key, body: bodies.monthly() }));
    expect(after.result.status).toBe(200);
    expect(after.ms).toBeLessThan(STORE_TIMEOUT_MS);
    expect((await putProfile(server, free.api_key, 'acme-osaka')).status).toBe(200);
    // Nothing was counted for the ten 503s: the calculation before the freeze and the one after.
    expect(await server.store.quotaUsed(free.account_id, '2026-05')).toBe(2);
  });
});
