/**
 * Key and company-profile caches (store/generation-cache.ts): a repeated request does not read the
 * key rows or the profile again, yet a revocation or a PUT made through another process's store is
 * effective at once, because every cached answer is checked against the account's cache generation.
 * On SQLite that generation is read per request; on PostgreSQL it is kept and updated by the store's
 * change feed (LISTEN/NOTIFY, store/watched-generations.ts), so a cached request reads nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueApiKey, keyPrefixOf } from '../../server/app/auth/api-keys.ts';
import { profilePutExample } from '../../engine/contract/examples.ts';
import type { Store } from '../../server/app/store/types.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase, describeEachStore, type TestDatabase } from './support/databases.ts';
import { call, newAccount, putProfile, startTestServer, type TestServer } from './support/test-server.ts';

/** The store with counters on the lookups the caches are meant to save. */
function counting(store: Store) {
  const counts = { keyLookups: 0, companyLookups: 0, generationReads: 0 };
  const wrapped: Store = Object.assign(Object.create(store), {
    findApiKeysByPrefix: (prefix: string) => {
      counts.keyLookups += 1;
      return store.findApiKeysByPrefix(prefix);
    },
    findCompany: (accountId: string, companyId: string) => {
      counts.companyLookups += 1;
      return store.findCompany(accountId, companyId);
    },
    accountGeneration: (accountId: string) => {
      counts.generationReads += 1;
      return store.accountGeneration(accountId);
    },
  });
  return { store: wrapped, counts };
}

describeEachStore('lookup caches across two processes on one store (%s)', (kind) => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let bCounts: { keyLookups: number; companyLookups: number; generationReads: number };
  /** A third connection, as the admin command in another process would use. */
  let admin: Store;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    a = await startTestServer(db);
    const counted = counting(await db.open());
    bCounts = counted.counts;
    b = await startTestServer(db, { store: counted.store });
    admin = await db.open();
  });
  afterAll(async () => {
    await a.stop();
    await b.stop();
    await admin.close();
    await db.drop();
  });

  it('serves a repeated key and company from the cache, reading neither again', async () => {
    const { api_key: key } = await newAccount(admin);
    expect((await putProfile(a, key, 'acme-tokyo')).status).toBe(200);
    expect((await call(b, 'POST', PATHS.incomeTax, { key, body: bodies.incomeTax() })).status).toBe(200);
    const before = { ...bCounts };
    for (let i = 0; i < 3; i++) expect((await call(b, 'POST', PATHS.incomeTax, { key, body: bodies.incomeTax() })).status).toBe(200);
    // SQLite: one generation read per request, the key check's, which the company lookup reuses.
    // PostgreSQL: none, the generation is the one the change feed keeps.
    expect(bCounts).toEqual({ ...before, generationReads: before.generationReads + (kind === 'postgres' ? 0 : 3) });
  });

  it('reads the account generation at most once per cached profile GET as well', async () => {
    const { api_key: key } = await newAccount(admin);
    expect((await putProfile(a, key, 'acme-osaka')).status).toBe(200);
    const get = () => call(b, 'GET', '/cp/v1/companies/acme-osaka/calculation-profile', { key });
    expect((await get()).status).toBe(200);
    const before = { ...bCounts };
    const again = await get();
    expect(again.status).toBe(200);
    expect(again.json.data).toHaveLength(1);
    expect(bCounts).toEqual({ ...before, generationReads: before.generationReads + (kind === 'postgres' ? 0 : 1) });
  });

  it('a key revoked by another process is refused at once by a process that has it cached', async () => {
    const { api_key: key } = await newAccount(admin);
    expect((await call(b, 'GET', '/v1/masters/tax-tables', { key })).status).toBe(200);
    expect((await call(b, 'GET', '/v1/masters/tax-tables', { key })).status).toBe(200);
    expect(await admin.revokeApiKeys(keyPrefixOf(key)!)).toBe(1);
    const refused = await call(b, 'GET', '/v1/masters/tax-tables', { key });
    expect(refused.status).toBe(401);
    expect(refused.json.error.code).toBe('unauthorized');
    expect((await call(a, 'GET', '/v1/masters/tax-tables', { key })).status).toBe(401);
  });

  it('revoking one key of an account leaves its other keys working', async () => {
    const { api_key: first, account_id } = await newAccount(admin);
    const second = await issueApiKey(admin, account_id);
    for (const key of [first, second]) expect((await call(b, 'GET', '/v1/masters/tax-tables', { key })).status).toBe(200);
    await admin.revokeApiKeys(keyPrefixOf(first)!);
    expect((await call(b, 'GET', '/v1/masters/tax-tables', { key: first })).status).toBe(401);
    expect((await call(b, 'GET', '/v1/masters/tax-tables', { key: second })).status).toBe(200);
  });

  it('a profile PUT through one process is what the next calculation in the other process uses', async () => {
    const { api_key: key } = await newAccount(admin);
    const first = await putProfile(a, key, 'acme-tokyo');
    const calc = async () =>
      (await call(b, 'POST', PATHS.monthly, { key, body: bodies.monthly() })).json.settings_snapshot.company_profile_version;
    expect(await calc()).toBe(first.json.version);
    expect(await calc()).toBe(first.json.version); // now cached in b
    const replaced = await putProfile(a, key, 'acme-tokyo', { ...profilePutExample, health_premium_rounding_scope: 'per_item' });
    expect(replaced.status).toBe(200);
    expect(replaced.json.version).not.toBe(first.json.version);
    expect(await calc()).toBe(replaced.json.version);
    const listed = await call(b, 'GET', '/cp/v1/companies/acme-tokyo/calculation-profile', { key });
    expect(listed.json.data.map((v: { version: string }) => v.version)).toEqual([replaced.json.version]);
  });
});
