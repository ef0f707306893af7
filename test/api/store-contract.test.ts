/** One contract, both adapters: what the server and the admin command rely on from the store. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { authenticate, generateApiKey, issueApiKey, keyPrefixOf } from '../../server/app/auth/api-keys.ts';
import { profilePutExample } from '../../engine/contract/examples.ts';
import type { Store } from '../../server/app/store/types.ts';
import { createTestDatabase, describeEachStore, type TestDatabase } from './support/databases.ts';

describeEachStore('store contract (%s)', (kind) => {
  let db: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    store = await db.open();
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('creates, finds and lists accounts with their key prefixes', async () => {
    const a = await store.createAccount({ account_id: 'acct_list_1', name: 'Acme', plan: 'free' });
    expect(a.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await store.getAccount('acct_list_1')).toEqual(a);
    expect(await store.getAccount('acct_missing')).toBeNull();
    const key = await issueApiKey(store, 'acct_list_1');
    const listed = (await store.listAccounts()).find((x) => x.account_id === 'acct_list_1')!;
    expect(listed).toMatchObject({ name: 'Acme', plan: 'free' });
    expect(listed.keys).toEqual([{ key_prefix: keyPrefixOf(key), created_at: expect.any(String), revoked_at: null }]);
  });

  it('stores only a hash and authenticates by prefix and hash; revoked keys fail', async () => {
    await store.createAccount({ account_id: 'acct_auth', name: 'Auth', plan: 'standard' });
    const key = await issueApiKey(store, 'acct_auth');
    const rows = await store.findApiKeysByPrefix(keyPrefixOf(key)!);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(key.slice(17));
    expect(await authenticate(store, key)).toEqual({ account_id: 'acct_auth', plan: 'standard' });
    expect(await authenticate(store, key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'))).toBeNull();
    expect(await authenticate(store, generateApiKey().api_key)).toBeNull();
    expect(await authenticate(store, 'not-a-key')).toBeNull();
    expect(await store.revokeApiKeys(keyPrefixOf(key)!)).toBe(1);
    expect(await store.revokeApiKeys(keyPrefixOf(key)!)).toBe(0);
    expect(await authenticate(store, key)).toBeNull();
  });

  it('creates a company with its first profile version and chains later ones', async () => {
    await store.createAccount({ account_id: 'acct_co', name: 'Co', plan: 'standard' });
    expect(await store.findCompany('acct_co', 'c1')).toBeNull();
    const put = (body: object) =>
      store.updateCompanyProfile('acct_co', 'c1', 'prof_new', (existing, ids) => {
        const r = applyProfilePut(existing, body as never, ids);
        return { versions: r.versions, result: r };
      });
    const first = await put(profilePutExample);
    expect(first.created).toBe(true);
    const second = await put({ ...profilePutExample, effective_from: '2026-04-01', health_premium_rounding_scope: 'per_item' });
    const company = (await store.findCompany('acct_co', 'c1'))!;
    expect(company.profile_id).toBe('prof_new');
    expect(company.versions.map((v) => [v.effective_from, v.effective_to])).toEqual([
      ['2025-04-01', '2026-03-31'],
      ['2026-04-01', null],
    ]);
    expect(company.versions[1]!.version).toBe(second.stored.version);
    // Another account never sees it.
    await store.createAccount({ account_id: 'acct_other', name: 'Other', plan: 'standard' });
    expect(await store.findCompany('acct_other', 'c1')).toBeNull();
  });

  it('serializes concurrent profile changes of one company (no lost update)', async () => {
    await store.createAccount({ account_id: 'acct_conc', name: 'Conc', plan: 'standard' });
    const dates = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}-01`);
    await Promise.all(
      dates.map((effective_from) =>
        store.updateCompanyProfile('acct_conc', 'c', `prof_${effective_from}`, (existing, ids) => {
          const r = applyProfilePut(existing, { ...profilePutExample, effective_from } as never, ids);
          return { versions: r.versions, result: r };
        }),
      ),
    );
    const company = (await store.findCompany('acct_conc', 'c'))!;
    expect(company.versions.map((v) => v.effective_from)).toEqual(dates);
    expect(new Set(company.versions.map((v) => v.profile_id)).size).toBe(1);
  });

  it('rolls back a failed change completely, company included', async () => {
    await store.createAccount({ account_id: 'acct_rb', name: 'Rb', plan: 'standard' });
    await expect(
      store.updateCompanyProfile('acct_rb', 'c', 'prof_x', () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.findCompany('acct_rb', 'c')).toBeNull();
  });

  it('bumps the account cache generation on key revocation and profile change, and on nothing else', async () => {
    await store.createAccount({ account_id: 'acct_gen', name: 'Gen', plan: 'standard' });
    expect(await store.accountGeneration('acct_gen')).toBe(0);
    expect(await store.accountGeneration('acct_none')).toBeNull();
    const key = await issueApiKey(store, 'acct_gen');
    await store.reserveQuota('acct_gen', '2026-05', 10);
    expect(await store.accountGeneration('acct_gen')).toBe(0);
    expect((await store.findApiKeysByPrefix(keyPrefixOf(key)!))[0]!.cache_generation).toBe(0);
    await store.revokeApiKeys(keyPrefixOf(key)!);
    expect(await store.accountGeneration('acct_gen')).toBe(1);
    await store.revokeApiKeys(keyPrefixOf(key)!); // already revoked: nothing changes
    expect(await store.accountGeneration('acct_gen')).toBe(1);
    await store.updateCompanyProfile('acct_gen', 'c', 'prof_g', (existing, ids) => {
      const r = applyProfilePut(existing, profilePutExample as never, ids);
      return { versions: r.versions, result: r };
    });
    expect(await store.accountGeneration('acct_gen')).toBe(2);
    expect((await store.findApiKeysByPrefix(keyPrefixOf(key)!))[0]!.cache_generation).toBe(2);
  });

  it('counts quota exactly up to the limit under concurrency, per month', async () => {
    await store.createAccount({ account_id: 'acct_q', name: 'Q', plan: 'free' });
    const results = await Promise.all(Array.from({ length: 50 }, () => store.reserveQuota('acct_q', '2026-05', 10)));
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await store.quotaUsed('acct_q', '2026-05')).toBe(10);
    expect(await store.reserveQuota('acct_q', '2026-05', 10)).toBe(false);
    expect(await store.reserveQuota('acct_q', '2026-05', 11)).toBe(true);
    expect(await store.reserveQuota('acct_q', '2026-06', 10)).toBe(true);
    expect(await store.quotaUsed('acct_q', '2026-06')).toBe(1);
    expect(await store.reserveQuota('acct_q', '2026-07', 0)).toBe(false);
  });

  it('keeps everything across a restart (reopen runs migrations once, idempotently)', async () => {
    await store.createAccount({ account_id: 'acct_restart', name: 'R', plan: 'free' });
    await store.reserveQuota('acct_restart', '2026-05', 10);
    await store.close();
    store = await db.open();
    expect(await store.getAccount('acct_restart')).toMatchObject({ plan: 'free' });
    expect(await store.quotaUsed('acct_restart', '2026-05')).toBe(1);
  });
});
