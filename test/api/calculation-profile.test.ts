/** PUT/GET /cp/v1/companies/{company_id}/calculation-profile (decisions.md section 2), on both stores. */
import { beforeAll, expect, it } from 'vitest';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { profileVersionListSchema, profileVersionSchema } from '../../server/app/schemas/profile.ts';
import { profilePutExample, profileVersionExample } from '../../engine/contract/examples.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { call, newAccount, putProfile } from './support/test-server.ts';

const path = (id: string) => `/cp/v1/companies/${encodeURIComponent(id)}/calculation-profile`;

describeEachStore('calculation profile (%s)', (kind) => {
  const api = freshServer(kind);
  let otherKey: string;
  beforeAll(async () => {
    otherKey = (await newAccount(api.server.store)).api_key;
  });

  it('creates the company with its first version, defaults filled in', async () => {
    const res = await putProfile(api.server, api.key, 'first-co');
    expect(res.status).toBe(200);
    expect(validatorFor(profileVersionSchema)(res.json)).toBe(true);
    // The documented example is what this PUT stores, field for field (company and profile id aside).
    expect(res.json).toEqual({ ...profileVersionExample, company_id: 'first-co', profile_id: expect.stringMatching(/^prof_/) });
    expect(res.json).toMatchObject({
      version: '2025-04-01.5d9b586409d0',
      effective_to: null,
      income_tax_withholding_method: 'monthly_table',
      social_insurance_collection: 'next_month',
    });
  });

  it('an identical PUT creates nothing and returns the same version', async () => {
    const a = await putProfile(api.server, api.key, 'same-co');
    const b = await putProfile(api.server, api.key, 'same-co');
    expect(b.json).toEqual(a.json);
    const list = await call(api.server, 'GET', path('same-co'), { key: api.key });
    expect(list.json.data).toHaveLength(1);
  });

  it('a later effective_from closes the previous version the day before; GET lists oldest first', async () => {
    const first = await putProfile(api.server, api.key, 'chain-co');
    const second = await putProfile(api.server, api.key, 'chain-co', {
      ...profilePutExample,
      effective_from: '2026-04-01',
      income_tax_withholding_method: 'computer_special',
    });
    expect(second.json.profile_id).toBe(first.json.profile_id);
    const list = await call(api.server, 'GET', path('chain-co'), { key: api.key });
    expect(list.status).toBe(200);
    expect(validatorFor(profileVersionListSchema)(list.json)).toBe(true);
    expect(list.json.data.map((v: any) => [v.version, v.effective_from, v.effective_to])).toEqual([
      [first.json.version, '2025-04-01', '2026-03-31'],
      [second.json.version, '2026-04-01', null],
    ]);
  });

  it('the same effective_from replaces that version under a new version string', async () => {
    const first = await putProfile(api.server, api.key, 'replace-co');
    const replaced = await putProfile(api.server, api.key, 'replace-co', {
      ...profilePutExample,
      health_premium_rounding_scope: 'per_item',
    });
    expect(replaced.json.version).not.toBe(first.json.version);
    expect(replaced.json.effective_from).toBe('2025-04-01');
    const list = await call(api.server, 'GET', path('replace-co'), { key: api.key });
    expect(list.json.data.map((v: any) => v.version)).toEqual([replaced.json.version]);
  });

  it('another account neither reads nor changes the company: its PUT creates its own', async () => {
    await putProfile(api.server, api.key, 'private-co');
    const read = await call(api.server, 'GET', path('private-co'), { key: otherKey });
    expect(read.status).toBe(404);
    expect(read.json.error.code).toBe('company_not_found');
    const own = await putProfile(api.server, otherKey, 'private-co', { ...profilePutExample, effective_from: '2026-01-01' });
    expect(own.status).toBe(200);
    const mine = await call(api.server, 'GET', path('private-co'), { key: api.key });
    expect(mine.json.data.map((v: any) => v.effective_from)).toEqual(['2025-04-01']);
    expect(own.json.profile_id).not.toBe(mine.json.data[0].profile_id);
  });

  it('422 validation_error for a bad body: unknown field, provider rules, rate format', async () => {
    const res = await putProfile(api.server, api.key, 'bad-co', {
      effective_from: '2025-02-30',
      social_insurance: {
        health_insurance_provider: 'kyokai',
        custom_rates: {
          health_insurance_employee_rate: '9.85%',
          care_insurance_employee_rate: '0.01',
          childcare_support_contribution_employee_rate: null,
          health_insurance_standard_bonus_annual_cap: 5730000,
        },
      },
      employment_insurance_business_type: 'general',
      surprise: 1,
    });
    expect(res.status).toBe(422);
    const found = res.json.error.details.map((d: any) => [d.path, d.code]);
    expect(found).toHaveLength(5);
    expect(found).toEqual(
      expect.arrayContaining([
        [['surprise'], 'unknown_field'],
        [['effective_from'], 'invalid_format'],
        [['social_insurance', 'custom_rates', 'health_insurance_employee_rate'], 'invalid_format'],
        [['social_insurance', 'prefecture_code'], 'required'],
        [['social_insurance', 'custom_rates'], 'forbidden_field'],
      ]),
    );
    expect((await call(api.server, 'GET', path('bad-co'), { key: api.key })).status).toBe(404);
  });

  it('accepts social_insurance null and a custom-rate provider', async () => {
    expect((await putProfile(api.server, api.key, 'null-si', { ...profilePutExample, social_insurance: null })).status).toBe(200);
    const custom = await putProfile(api.server, api.key, 'custom-co', {
      ...profilePutExample,
      social_insurance: {
        health_insurance_provider: 'custom',
        custom_rates: {
          health_insurance_employee_rate: '0.045',
          care_insurance_employee_rate: '0.008',
          childcare_support_contribution_employee_rate: null,
          health_insurance_standard_bonus_annual_cap: 5730000,
        },
      },
    });
    expect(custom.status).toBe(200);
    expect(custom.json.social_insurance.custom_rates.health_insurance_employee_rate).toBe('0.045');
  });

  it('concurrent PUTs for one company keep every version', async () => {
    const dates = ['2025-01-01', '2025-02-01', '2025-03-01', '2025-04-01', '2025-05-01', '2025-06-01'];
    const results = await Promise.all(
      dates.map((d) => putProfile(api.server, api.key, 'busy-co', { ...profilePutExample, effective_from: d })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const list = await call(api.server, 'GET', path('busy-co'), { key: api.key });
    expect(list.json.data.map((v: any) => v.effective_from)).toEqual(dates);
    expect(list.json.data.at(-1).effective_to).toBeNull();
  });

  it('422 for a company_id longer than 128 characters', async () => {
    const res = await call(api.server, 'GET', path('x'.repeat(129)), { key: api.key });
    expect(res.status).toBe(422);
    expect(res.json.error.details).toEqual([
      { path: ['path', 'company_id'], code: 'invalid_length', message: 'company_id must be 1 to 128 characters.' },
    ]);
  });

  it('answers JSON bytes with the JSON Content-Type and a Content-Length in bytes, not characters', async () => {
    expect((await putProfile(api.server, api.key, '東京本社')).status).toBe(200);
    const res = await fetch(`${api.server.url}/cp/v1/companies/${encodeURIComponent('東京本社')}/calculation-profile`, {
      headers: { 'X-API-Key': api.key },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const parsed = JSON.parse(bytes.toString('utf8'));
    expect(parsed.data).toHaveLength(1);
    expect(parsed.data[0].company_id).toBe('東京本社');
    expect(bytes.equals(Buffer.from(JSON.stringify(parsed), 'utf8'))).toBe(true);
  });
});
