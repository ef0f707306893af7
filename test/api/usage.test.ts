/** GET /v1/usage: plan, this month's counted calculations and the reset time, per account. */
import { expect, it } from 'vitest';
import { usageSchema } from '../../server/app/schemas/usage.ts';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { call, newAccount, putProfile } from './support/test-server.ts';

describeEachStore('GET /v1/usage (%s)', (kind) => {
  const validate = validatorFor(usageSchema);
  // 2026-12-20 12:00 in Tokyo: the reset is in the next year.
  const api = freshServer(kind, { now: () => new Date('2026-12-20T03:00:00Z') });

  it('a free account: the count of successful payroll calls, the remaining units and the reset', async () => {
    const { api_key: key, account_id } = await newAccount(api.server.store, 'free');
    expect((await putProfile(api.server, key, 'acme-tokyo')).status).toBe(200);
    const fresh = await call(api.server, 'GET', '/v1/usage', { key });
    expect(fresh.status).toBe(200);
    expect(fresh.json).toEqual({
      account_id,
      plan: 'free',
      month: '2026-12',
      used: 0,
      limit: 10,
      remaining: 10,
      resets_at: '2027-01-01T00:00:00+09:00',
    });
    expect(validate(fresh.json)).toBe(true);
    expect(fresh.headers.get('ratelimit-limit')).toBe('1000');
    for (let i = 0; i < 3; i++) expect((await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly() })).status).toBe(200);
    await call(api.server, 'POST', PATHS.monthly, { key, body: bodies.monthly('unknown-co') }); // 404: not counted
    await call(api.server, 'POST', PATHS.incomeTax, { key, body: bodies.incomeTax() }); // simulation: not counted
    const after = await call(api.server, 'GET', '/v1/usage', { key });
    expect(after.json).toMatchObject({ used: 3, limit: 10, remaining: 7 });
  });

  it('the standard plan has no quota: used, limit and remaining are null', async () => {
    const { api_key: key, account_id } = await newAccount(api.server.store, 'standard');
    const res = await call(api.server, 'GET', '/v1/usage', { key });
    expect(res.json).toEqual({
      account_id,
      plan: 'standard',
      month: '2026-12',
      used: null,
      limit: null,
      remaining: null,
      resets_at: '2027-01-01T00:00:00+09:00',
    });
    expect(validate(res.json)).toBe(true);
  });

  it('needs a key', async () => {
    expect((await call(api.server, 'GET', '/v1/usage')).status).toBe(401);
  });
});
