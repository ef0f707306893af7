/**
 * Text the stores cannot keep: a string no store keeps unchanged (a NUL, which PostgreSQL rejects with an
 * error that used to become a 500; a lone surrogate, which it stored as U+FFFD) gets the same answer
 * on both stores: lookups find nothing (404), writes are refused (422). Validation may reject such
 * input earlier; the store must still never 500 on it.
 */
import { expect, it } from 'vitest';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { profilePutExample } from '../../engine/contract/examples.ts';
import { StoreTextError } from '../../server/app/store/errors.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { call, putProfile } from './support/test-server.ts';

const UNSTORABLE = [
  ['a NUL inside', 'acme\u0000tokyo'],
  ['a NUL alone', '\u0000'],
  ['a lone high surrogate at the end', 'acme\uD800'],
  ['a lone low surrogate at the start', '\uDC00acme'],
];

describeEachStore('unstorable text (%s)', (kind) => {
  const api = freshServer(kind, { company: 'acme-tokyo' });

  it.each(UNSTORABLE)('the store finds no company with %s and refuses to create it', async (_name, companyId) => {
    const accountId = (await api.server.store.listAccounts())[0]!.account_id;
    expect(await api.server.store.findCompany(accountId, companyId)).toBeNull();
    const put = api.server.store.updateCompanyProfile(accountId, companyId, 'prof_x', (existing, ids) => {
      const r = applyProfilePut(existing, profilePutExample as never, ids);
      return { versions: r.versions, result: r };
    });
    await expect(put).rejects.toBeInstanceOf(StoreTextError);
    await expect(api.server.store.createAccount({ account_id: 'acct_text', name: companyId, plan: 'free' })).rejects.toBeInstanceOf(
      StoreTextError,
    );
  });

  it('a NUL in the path: GET gives 404 company_not_found (or 422), PUT a 4xx, never a 500', async () => {
    const get = await call(api.server, 'GET', '/cp/v1/companies/acme%00tokyo/calculation-profile', { key: api.key });
    expect([404, 422]).toContain(get.status);
    const put = await putProfile(api.server, api.key, 'acme\u0000tokyo');
    expect(put.status).toBe(422);
    expect(put.json.error.code).toBe('validation_error');
  });

  it.each(UNSTORABLE)('a company_id with %s in a calculation body gives a 4xx, never a 500', async (_name, companyId) => {
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: bodies.monthly(companyId) });
    expect([404, 422]).toContain(res.status);
  });
});
