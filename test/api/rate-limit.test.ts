/**
 * Rate limit (decisions.md 4): per account, and per client address without a valid key; 429 with an
 * integer Retry-After >= 1; counted in the store, so two servers on one database share it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, STORE_KINDS, type TestDatabase } from './support/databases.ts';
import { call, newAccount, startTestServer, type TestServer } from './support/test-server.ts';

describe.each(STORE_KINDS)('rate limit (%s)', (kind) => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    // 2 per second sustained, bursts up to 4.
    const config = { rateLimitPerSecond: 2, rateLimitBurst: 4 };
    a = await startTestServer(db, { config });
    b = await startTestServer(db, { config, store: await db.open() });
  });
  afterAll(async () => {
    await a.stop();
    await b.stop();
    await db.drop();
  });

  it('allows the burst, then 429 rate_limit_exceeded with an integer Retry-After >= 1', async () => {
    const { api_key: key } = await newAccount(a.store);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(a, 'GET', '/v1/masters/tax-tables', { key })).status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    const limited = await call(a, 'GET', '/v1/masters/rate-tables', { key });
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limit_exceeded');
    const retryAfter = limited.headers.get('retry-after')!;
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });

  it('limits each account on its own', async () => {
    const first = await newAccount(a.store);
    const second = await newAccount(a.store);
    for (let i = 0; i < 4; i++) await call(a, 'GET', '/v1/masters/tax-tables', { key: first.api_key });
    expect((await call(a, 'GET', '/v1/masters/tax-tables', { key: first.api_key })).status).toBe(429);
    expect((await call(a, 'GET', '/v1/masters/tax-tables', { key: second.api_key })).status).toBe(200);
  });

  it('is shared by two servers on the same database', async () => {
    const { api_key: key } = await newAccount(a.store);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(i % 2 ? a : b, 'GET', '/v1/masters/tax-tables', { key })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('limits requests without a valid key by client address (401 until the limit, then 429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(a, 'GET', '/v1/masters/tax-tables', { key: 'pay_000000000000_guess' })).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });
});
