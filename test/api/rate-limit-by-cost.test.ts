/**
 * Issue 46 item 1: the rate limit charges a request by the bytes of its body (one point, and one more
 * per 16 KiB, server/app/rate-limit/limiter.ts), so an account sending near-1 MiB bodies spends its
 * points as fast as the server spends its time on them, and the account next to it is not affected.
 * A profile PUT costs 9 points more for its store write. On every backend: in-process (SQLite),
 * PostgreSQL's leased windows and Redis's.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AppConfig } from '../../server/app/app-deps.ts';
import { BODY_BYTES_PER_POINT, requestPoints, STORE_WRITE_POINTS } from '../../server/app/rate-limit/limiter.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase, describeUnless, storeSkipReason, type TestDatabase } from './support/databases.ts';
import { call, newAccount, putProfile, startTestServer, type TestServer } from './support/test-server.ts';

const REDIS_URL = inject('redisTestUrl');
const REDIS_SKIP_REASON = inject('redisSkipReason');

// 100 a second and no burst allowance on top: each request's cost is read from RateLimit-Remaining.
const LIMITS: Partial<AppConfig> = { rateLimitPerSecond: 100, rateLimitBurst: 100 };

const SETUPS = [
  { name: 'sqlite store, in-process points', kind: 'sqlite' as const, config: LIMITS, skipReason: null },
  { name: 'postgres store, leased points', kind: 'postgres' as const, config: LIMITS, skipReason: storeSkipReason('postgres') },
  {
    name: 'sqlite store, redis points',
    kind: 'sqlite' as const,
    config: { ...LIMITS, redisUrl: REDIS_URL ?? undefined, redisKeyPrefix: `test-${randomBytes(6).toString('hex')}` },
    skipReason: REDIS_SKIP_REASON,
  },
];

/** An income-tax body padded by an unknown field to about `bytes` bytes: it ends in 422. */
function paddedBody(bytes: number): string {
  const base = JSON.stringify({ ...bodies.incomeTax(), padding: '' });
  return base.replace('"padding":""', `"padding":"${'x'.repeat(bytes - base.length)}"`);
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

describe('a request costs at most the window', () => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    server = await startTestServer(db, { config: { rateLimitPerSecond: 5, rateLimitBurst: 5 } });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('a profile PUT (1 + 9 points) passes in an empty window of 5 and spends all of it', async () => {
    const { api_key: key } = await newAccount(server.store);
    const put = await putProfile(server, key, 'small-window-co');
    expect(put.status).toBe(200);
    expect(put.headers.get('ratelimit-remaining')).toBe('0');
    const next = await call(server, 'GET', '/v1/masters/tax-tables', { key });
    expect(next.status).toBe(429);
  });
});

describe('the points a body costs', () => {
  it('are one up to 16 KiB, and one more per 16 KiB', () => {
    expect(BODY_BYTES_PER_POINT).toBe(16384);
    expect([0, 1500, 16383, 16384, 200_000, 1024 * 1024].map(requestPoints)).toEqual([1, 1, 1, 2, 13, 65]);
  });
});

for (const { name, kind, config, skipReason } of SETUPS)
  describeUnless(skipReason, `rate limit by cost (${name})`, () => {
    let db: TestDatabase;
    let server: TestServer;
    beforeAll(async () => {
      db = await createTestDatabase(kind);
      server = await startTestServer(db, { config });
      // a first large body warms the reading and validation paths, so the windows below are not timed by it
      const { api_key: warm } = await newAccount(server.store);
      await call(server, 'POST', PATHS.incomeTax, { key: warm, rawBody: paddedBody(200_000), headers: JSON_TYPE });
    });
    afterAll(async () => {
      await server.stop();
      await db.drop();
    });

    it('charges a body by its Content-Length: a small request 1 point, 200,000 bytes 13', async () => {
      const { api_key: key } = await newAccount(server.store);
      const small = await call(server, 'GET', '/v1/masters/tax-tables', { key });
      expect(small.headers.get('ratelimit-remaining')).toBe('99');
      const big = await call(server, 'POST', PATHS.incomeTax, { key, rawBody: paddedBody(200_000), headers: JSON_TYPE });
      expect(big.status).toBe(422);
      expect(big.headers.get('ratelimit-remaining')).toBe('86');
    });

    it('charges one point for a body it never reads: over the body limit (413), or without a valid key (401)', async () => {
      const { api_key: key } = await newAccount(server.store);
      const over = await call(server, 'POST', PATHS.incomeTax, { key, rawBody: paddedBody(1_200_000), headers: JSON_TYPE });
      expect(over.status).toBe(413);
      expect(over.headers.get('ratelimit-remaining')).toBe('99');
      const keyless = await call(server, 'POST', PATHS.incomeTax, { rawBody: paddedBody(200_000), headers: JSON_TYPE });
      expect(keyless.status).toBe(401);
      expect(keyless.headers.get('ratelimit-remaining')).toBe('99');
    });

    it('charges a profile PUT for its store write: 1 + 9 points', async () => {
      const { api_key: key } = await newAccount(server.store);
      const first = await putProfile(server, key, 'cost-co');
      expect(first.status).toBe(200);
      expect(first.headers.get('ratelimit-remaining')).toBe(String(100 - 1 - STORE_WRITE_POINTS));
      expect(STORE_WRITE_POINTS).toBe(9);
    });

    it('charges a chunked body (no Content-Length) by the bytes read', async () => {
      const { api_key: key } = await newAccount(server.store);
      const text = new TextEncoder().encode(paddedBody(200_000));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < text.length; at += 65_536) controller.enqueue(text.subarray(at, at + 65_536));
          controller.close();
        },
      });
      const res = await fetch(`${server.url}${PATHS.incomeTax}`, {
        method: 'POST',
        headers: { ...JSON_TYPE, 'X-API-Key': key },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(422);
      await res.text();
      // 1 point before the body, 12 more once its 200,000 bytes were read
      expect(res.headers.get('ratelimit-remaining')).toBe('87');
    });

    it('an account sending 1 MiB bodies runs out of points, the next account does not', async () => {
      const victim = await newAccount(server.store);
      const send = (key: string) => call(server, 'POST', PATHS.incomeTax, { key, rawBody: paddedBody(1_000_000), headers: JSON_TYPE });
      // Two bodies back to back: the second falls in the first one's window but on a stalled machine,
      // so a pair whose window ended between them is sent again by a fresh account.
      let pair: Awaited<ReturnType<typeof send>>[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const { api_key: key } = await newAccount(server.store);
        pair = [await send(key), await send(key)];
        if (pair[1]!.status === 429) break;
      }
      // 62 points each: the second does not fit in the 38 left (counted by requests, it was 1 of 100)
      expect(pair.map((r) => r.status)).toEqual([422, 429]);
      expect(pair[0]!.headers.get('ratelimit-remaining')).toBe('38');
      const victimAnswer = await call(server, 'GET', '/v1/masters/tax-tables', { key: victim.api_key });
      expect(victimAnswer.status).toBe(200);
      expect(victimAnswer.headers.get('ratelimit-remaining')).toBe('99');
    });
  });
