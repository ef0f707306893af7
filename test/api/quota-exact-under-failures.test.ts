/**
 * A call that fails must never hold a quota unit, not even briefly. Before the fix a
 * failing call reserved a unit, calculated, then gave the unit back, so concurrent valid calls saw
 * units held by calls about to fail and got a false 402 while only 4-9 of 10 were used (PostgreSQL).
 * Here valid and failing calls race; every valid call must succeed while fewer than 10 succeeded.
 */
import { expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call, newAccount, putProfile } from './support/test-server.ts';

/** Fails in the engine (no rates in force in 2020), after the company lookup: the old reservation point. */
const failing = () => ({ ...bodies.monthly(), calculation_date: '2020-01-20', payment_date: '2020-01-25' });

describeEachStore('quota stays exact when failing calls race valid ones (%s)', (kind) => {
  const api = freshServer(kind, { engine: realEngine(), now: () => new Date('2026-05-20T03:00:00Z') });

  it.each([1, 2, 3])('round %i: 10 valid calls among 40 failing ones all succeed; the 11th valid call gets 402', async () => {
    const { api_key: key, account_id } = await newAccount(api.server.store, 'free');
    expect((await putProfile(api.server, key, 'acme-tokyo')).status).toBe(200);
    // Failing calls first in each group of five, so they are in flight when the valid one arrives.
    const requests = Array.from({ length: 50 }, (_, i) =>
      i % 5 === 4 ? { valid: true, body: bodies.monthly() } : { valid: false, body: failing() },
    );
    const results = await Promise.all(
      requests.map(async (r) => ({ valid: r.valid, res: await call(api.server, 'POST', PATHS.monthly, { key, body: r.body }) })),
    );
    expect(results.filter((r) => r.valid).map((r) => r.res.status)).toEqual(Array(10).fill(200));
    // A failing call that reaches the quota check after the tenth success is refused with 402 before it
    // is calculated (the quota is checked first); any other answer would be a bug.
    const failingCodes = results.filter((r) => !r.valid).map((r) => r.res.json.error.code);
    expect(failingCodes).toHaveLength(40);
    expect(failingCodes.filter((code) => code !== 'settings_not_resolved' && code !== 'quota_exceeded')).toEqual([]);
    expect(failingCodes).toContain('settings_not_resolved');
    expect(await api.server.store.quotaUsed(account_id, '2026-05')).toBe(10);
    expect((await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly() })).status).toBe(402);
  });
});
