/**
 * A batch's items are charged as the single calls they stand for: each toward the Free-plan quota when
 * computed, each to the rate limit.
 */
import { describe, expect, it } from 'vitest';
import { bodies } from './support/bodies.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

const MONTHLY_BATCH = '/v1/payroll/monthly:batch-calculate';
const BATCH_FIELDS = ['company_id', 'calculation_date', 'payment_date', 'settings_lock', 'calculation_options'];

type Json = Record<string, any>;

function batchOf(n: number, bad: number[] = []): Json {
  const body: Json = { ...bodies.monthly(), calculation_options: { include_calculation_trace: false } };
  const common: Json = {};
  const item: Json = {};
  for (const [k, v] of Object.entries(body)) (BATCH_FIELDS.includes(k) ? common : item)[k] = v;
  return { ...common, items: Array.from({ length: n }, (_, i) => (bad.includes(i) ? { ...item, bogus: true } : item)) };
}

describe('batch: the Free-plan quota counts each computed item', () => {
  const clock = new Date('2026-05-20T03:00:00Z');
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo', plan: 'free', now: () => clock });

  it('10 of 14 items computed, invalid ones not counted, the rest 402; then a single call is 402 too', async () => {
    const res = await call(api.server, 'POST', MONTHLY_BATCH, { key: api.key, body: batchOf(14, [2, 5]) });
    expect(res.status).toBe(200);
    const statuses = res.json.results.map((r: Json) => r.status);
    expect(statuses).toEqual([200, 200, 422, 200, 200, 422, 200, 200, 200, 200, 200, 200, 402, 402]);
    expect(res.json.results[12].error).toMatchObject({ code: 'quota_exceeded' });
    expect(await api.server.store.quotaUsed(api.accountId, '2026-05')).toBe(10);
    const usage = await call(api.server, 'GET', '/v1/usage', { key: api.key });
    expect(usage.json).toMatchObject({ used: 10 });
    const single = await call(api.server, 'POST', '/v1/payroll/monthly:calculate', { key: api.key, body: bodies.monthly() });
    expect(single.status).toBe(402);
  });
});

describe('batch: the rate limit is charged per item', () => {
  const api = freshServer('sqlite', {
    engine: realEngine(),
    company: 'acme-tokyo',
    config: { rateLimitPerSecond: 5, rateLimitBurst: 5 },
  });

  it('a batch of 8 items at 5 a second: the call and 4 more items pass, the last 3 are 429', async () => {
    // the set-up's PUT opened a window and spent a point of it: wait for it to end
    await new Promise((r) => setTimeout(r, 1100));
    const res = await call(api.server, 'POST', MONTHLY_BATCH, { key: api.key, body: batchOf(8) });
    expect(res.status).toBe(200);
    const statuses = res.json.results.map((r: Json) => r.status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(res.json.results[5].error.code).toBe('rate_limit_exceeded');
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    // the window is spent: the next call of the same second is refused as a whole
    const next = await call(api.server, 'POST', MONTHLY_BATCH, { key: api.key, body: batchOf(1) });
    expect(next.status).toBe(429);
  });
});
