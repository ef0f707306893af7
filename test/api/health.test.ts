/**
 * GET /healthz (process up) and GET /readyz (masters loaded, store answering), without an
 * API key and outside the per-key rate limit, on both stores.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../server/app/store/types.ts';
import { createTestDatabase, describeEachStore, type TestDatabase } from './support/databases.ts';
import { call, startTestServer, type TestServer } from './support/test-server.ts';

let db: TestDatabase | undefined;
let server: TestServer | undefined;

afterEach(async () => {
  await server?.stop();
  await db?.drop();
  server = undefined;
  db = undefined;
});

describeEachStore('probes on %s', (kind) => {
  it('GET /healthz answers 200 without a key', async () => {
    db = await createTestDatabase(kind);
    server = await startTestServer(db);
    const res = await call(server, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /readyz answers 200 with its checks when the store answers', async () => {
    db = await createTestDatabase(kind);
    server = await startTestServer(db);
    const res = await call(server, 'GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 'ready',
      checks: { masters: 'ok', store: 'ok' },
      rate_limit: { backend: kind === 'postgres' ? 'postgres' : 'memory', state: 'ok' },
    });
  });

  it('probes are not counted by the rate limit', async () => {
    db = await createTestDatabase(kind);
    server = await startTestServer(db, { config: { rateLimitPerSecond: 1, rateLimitBurst: 1 } });
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(server!, 'GET', i % 2 ? '/healthz' : '/readyz').then((r) => r.status)),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // The address's allowance of 1 is still there for a real (unauthenticated) request: 401, not 429.
    expect((await call(server, 'GET', '/v1/masters/tax-tables')).status).toBe(401);
  });
});

describe('readiness failures', () => {
  it('GET /readyz answers 503 not_ready with the envelope and Retry-After when the store fails', async () => {
    db = await createTestDatabase('sqlite');
    const store = await db.open();
    const broken: Store = Object.assign(Object.create(store), { ping: async () => Promise.reject(new Error('database is locked')) });
    server = await startTestServer(db, { store: broken });
    const res = await call(server, 'GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    const body = res.json as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_ready');
    expect(body.error.message).toBe('The service is not ready: the store does not answer.');
    // Liveness does not depend on the store.
    expect((await call(server, 'GET', '/healthz')).status).toBe(200);
  });

  it('a method other than GET on a probe is 405 with Allow', async () => {
    db = await createTestDatabase('sqlite');
    server = await startTestServer(db);
    const res = await call(server, 'POST', '/healthz', { body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect((res.json as { error: { code: string } }).error.code).toBe('method_not_allowed');
  });
});
