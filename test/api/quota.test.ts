/**
 * Free-plan quota (decisions.md 4): successful /v1/payroll/* calculations per account per Asia/Tokyo
 * month; exact under concurrency; failures give their unit back; kept in the store across restarts.
 */
import { describe, expect, it } from 'vitest';
import { tokyoMonth } from '../../server/app/quota/tokyo-month.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call, newAccount, putProfile, startTestServer } from './support/test-server.ts';

describe('tokyoMonth', () => {
  it('uses the Asia/Tokyo calendar month (UTC+9)', () => {
    expect(tokyoMonth(new Date('2026-05-31T14:59:59.999Z'))).toBe('2026-05');
    expect(tokyoMonth(new Date('2026-05-31T15:00:00.000Z'))).toBe('2026-06');
    expect(tokyoMonth(new Date('2026-12-31T15:00:00.000Z'))).toBe('2027-01');
  });
});

describeEachStore('free-plan quota (%s)', (kind) => {
  let clock = new Date('2026-05-20T03:00:00Z');
  const now = () => clock;
  const api = freshServer(kind, { engine: realEngine(), now });

  async function freeAccountWithCompany(plan: 'free' | 'standard' = 'free') {
    const account = await newAccount(api.server.store, plan);
    expect((await putProfile(api.server, account.api_key, 'acme-tokyo')).status).toBe(200);
    return account;
  }

  it('50 parallel payroll calls on a fresh free account: exactly 10 succeed, 40 get 402', async () => {
    const { api_key: key, account_id } = await freeAccountWithCompany();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(api.server, 'POST', i % 2 ? PATHS.monthly : PATHS.bonus, { key, body: i % 2 ? bodies.monthly() : bodies.bonus() }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    const refused = results.find((r) => r.status === 402)!;
    expect(refused.json.error).toMatchObject({
      code: 'quota_exceeded',
      message:
        'The monthly calculation quota of this plan (10) is used up for 2026-05 (Asia/Tokyo); it resets at 2026-06-01T00:00:00+09:00.',
    });
    // The clock says 2026-05-20T03:00Z = 12:00 in Tokyo; the reset is 2026-05-31T15:00Z, 12 days and 12 hours later.
    expect(refused.headers.get('retry-after')).toBe(String((11 * 24 + 12) * 3600));
    expect(await api.server.store.quotaUsed(account_id, '2026-05')).toBe(10);
  });

  it('counts only successes, and never simulations or the grade lookup', async () => {
    const { api_key: key, account_id } = await freeAccountWithCompany();
    for (const name of ['socialInsurance', 'employmentInsurance', 'incomeTax', 'resolve'] as const) {
      for (let i = 0; i < 3; i++) expect((await call(api.server, 'POST', PATHS[name], { key, body: bodies[name]() })).status).toBe(200);
    }
    // Failures in validation, company lookup and the engine do not count.
    expect((await call(api.server, 'POST', PATHS.monthly, { key, body: {} })).status).toBe(422);
    expect((await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly('unknown-co') })).status).toBe(404);
    expect(
      (
        await call(api.server, 'POST', PATHS.monthly, {
          key,
          body: { ...bodies.monthly(), calculation_date: '2020-01-01', payment_date: '2020-01-25' },
        })
      ).status,
    ).toBe(422);
    expect(await api.server.store.quotaUsed(account_id, '2026-05')).toBe(0);
    for (let i = 0; i < 10; i++) expect((await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly() })).status).toBe(200);
    expect((await call(api.server, 'POST', PATHS.bonus, { key, body: bodies.bonus() })).status).toBe(402);
    // Simulations go on after the quota is used up.
    expect((await call(api.server, 'POST', PATHS.incomeTax, { key, body: bodies.incomeTax() })).status).toBe(200);
  });

  it('402 comes after 404: an unknown company is reported even when the quota is used up', async () => {
    const { api_key: key } = await freeAccountWithCompany();
    for (let i = 0; i < 10; i++) await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly() });
    expect((await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly() })).status).toBe(402);
    expect((await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly('unknown-co') })).status).toBe(404);
    expect((await call(api.server, 'POST', PATHS.monthly, { key, body: {} })).status).toBe(422);
  });

  it('a new Asia/Tokyo month starts a new count; the standard plan has no quota', async () => {
    const { api_key: key } = await freeAccountWithCompany();
    for (let i = 0; i < 10; i++) await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly() });
    expect((await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly() })).status).toBe(402);
    clock = new Date('2026-05-31T15:00:00Z'); // 2026-06-01 00:00 in Tokyo
    try {
      expect((await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly() })).status).toBe(200);
    } finally {
      clock = new Date('2026-05-20T03:00:00Z');
    }
    const standard = await freeAccountWithCompany('standard');
    const results = await Promise.all(
      Array.from({ length: 15 }, () => call(api.server, 'POST', PATHS.monthly, { key: standard.api_key, body: bodies.monthly() })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
  });

  it('the count survives a restart of the server', async () => {
    const { api_key: key } = await freeAccountWithCompany();
    for (let i = 0; i < 10; i++) expect((await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly() })).status).toBe(200);
    await api.server.stop();
    api.server = await startTestServer(api.db, { engine: realEngine(), now });
    const res = await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly() });
    expect(res.status).toBe(402);
  });
});
