/**
 * Issue 46 item 1 (b): a profile PUT writes only the rows it changes (server/app/store/profile-writes.ts).
 * Every PUT used to delete and insert all of a company's versions in its one transaction. Seen from the
 * database, on both stores: a row that was not changed keeps its identity (PostgreSQL's xmin, which an
 * insert or update renews; on SQLite its last write, logged by a trigger), and the list read back is
 * what the engine chained.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyProfilePut, type ProfilePutBody } from '../../engine/index.ts';
import { profilePutExample } from '../../engine/contract/examples.ts';
import { profileRowWrites } from '../../server/app/store/profile-writes.ts';
import { Database } from '../../server/app/store/sqlite-driver.ts';
import type { Store } from '../../server/app/store/types.ts';
import { createTestDatabase, describeEachStore, TEST_DATABASE_URL, type TestDatabase } from '../api/support/databases.ts';

const firstOf = (year: number) => `${year}-04-01`;

async function put(store: Store, effective_from: string, extra: Partial<ProfilePutBody> = {}) {
  return store.updateCompanyProfile('acct', 'co', 'prof_1', (existing, ids) => {
    const outcome = applyProfilePut(existing, { ...profilePutExample, effective_from, ...extra } as ProfilePutBody, ids);
    return { versions: outcome.versions, result: outcome };
  });
}

describeEachStore('a profile PUT writes the rows it changes (%s)', (kind) => {
  let db: TestDatabase;
  let store: Store;
  /** position -> the row's identity as the database sees it */
  let identities: () => Promise<Map<number, string>>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    store = await db.open();
    await store.createAccount({ account_id: 'acct', name: 'writes', plan: 'standard' });
    if (kind === 'sqlite') {
      // SQLite keeps a row's rowid through an UPDATE: each write is logged by a trigger instead
      const file = new Database(db.location);
      file.exec(`CREATE TABLE write_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, position INTEGER NOT NULL);
        CREATE TRIGGER log_insert AFTER INSERT ON profile_versions BEGIN INSERT INTO write_log (position) VALUES (new.position); END;
        CREATE TRIGGER log_update AFTER UPDATE ON profile_versions BEGIN INSERT INTO write_log (position) VALUES (new.position); END;`);
      identities = async () =>
        new Map(
          (
            file
              .prepare(
                'SELECT p.position, max(w.seq) AS id FROM profile_versions p JOIN write_log w ON w.position = p.position GROUP BY p.position ORDER BY p.position',
              )
              .all() as { position: number; id: number }[]
          ).map((r) => [r.position, String(r.id)]),
        );
      close = async () => void file.close();
    } else {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${db.location}` });
      await client.connect();
      identities = async () =>
        new Map(
          (
            await client.query<{ position: number; id: string }>(
              'SELECT position, xmin::text AS id FROM profile_versions ORDER BY position',
            )
          ).rows.map((r) => [r.position, r.id]),
        );
      close = () => client.end();
    }
  });
  afterAll(async () => {
    await close?.();
    await store?.close();
    await db?.drop();
  });

  it('a later effective_from writes two rows (the new version and the previous one closed), the others untouched', async () => {
    for (let year = 2000; year < 2010; year++) await put(store, firstOf(year));
    const before = await identities();
    expect(before.size).toBe(10);

    await put(store, firstOf(2010));
    const after = await identities();
    expect(after.size).toBe(11);
    const changed = [...after.keys()].filter((position) => before.get(position) !== after.get(position));
    expect(changed).toEqual([9, 10]);

    const company = await store.findCompany('acct', 'co');
    expect(company!.versions.map((v) => [v.effective_from, v.effective_to])).toEqual(
      Array.from({ length: 11 }, (_, i) => [firstOf(2000 + i), i < 10 ? `${2001 + i}-03-31` : null]),
    );
  });

  it('replacing the last version writes one row; an identical PUT none', async () => {
    const before = await identities();
    await put(store, firstOf(2010), { allow_withholding_rate_override: true });
    const replaced = await identities();
    expect([...replaced.keys()].filter((p) => before.get(p) !== replaced.get(p))).toEqual([10]);
    await put(store, firstOf(2010), { allow_withholding_rate_override: true });
    expect(await identities()).toEqual(replaced);
    expect((await store.findCompany('acct', 'co'))!.versions.at(-1)).toMatchObject({ allow_withholding_rate_override: true });
  });

  it('a version inserted before others rewrites from its position on, and reads back in order', async () => {
    await put(store, '2005-10-01');
    const versions = (await store.findCompany('acct', 'co'))!.versions;
    expect(versions).toHaveLength(12);
    expect(versions.slice(5, 8).map((v) => [v.effective_from, v.effective_to])).toEqual([
      ['2005-04-01', '2005-09-30'],
      ['2005-10-01', '2006-03-31'],
      ['2006-04-01', '2007-03-31'],
    ]);
  });
});

it('profileRowWrites: unchanged rows are skipped, a shorter list deletes its tail', () => {
  const v = (version: string) => ({ version, effective_from: version }) as never;
  const a = v('a');
  const b = v('b');
  expect(profileRowWrites([a, b], [a, b])).toEqual({ upserts: [], deleteFrom: null });
  expect(profileRowWrites([a, b], [a])).toEqual({ upserts: [], deleteFrom: 1 });
  expect(profileRowWrites([a], [a, b])).toEqual({
    upserts: [{ position: 1, version: 'b', document: JSON.stringify(b) }],
    deleteFrom: null,
  });
});
