/**
 * The PostgreSQL change feed (store/pg-change-feed.ts) and the generations kept from it
 * (store/watched-generations.ts): a kept generation is used without a store read, a change committed by
 * another connection replaces it before that writer returns, and a lost listening connection (a missed
 * notice) makes the process forget what it kept and read the store until it listens again.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keyPrefixOf } from '../../server/app/auth/api-keys.ts';
import type { PgChangeFeed } from '../../server/app/store/pg-change-feed.ts';
import type { Store } from '../../server/app/store/types.ts';
import { watchGenerations, type WatchedStore } from '../../server/app/store/watched-generations.ts';
import { createTestDatabase, describeUnless, storeSkipReason, TEST_DATABASE_URL, type TestDatabase } from './support/databases.ts';
import { newAccount } from './support/test-server.ts';

async function until(test: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeUnless(storeSkipReason('postgres'), 'change feed (postgres)', () => {
  let db: TestDatabase;
  let reader: Store;
  let writer: Store;
  let watched: WatchedStore;
  let feed: PgChangeFeed;
  let reads = 0;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    reader = await db.open();
    writer = await db.open();
    // The reader's generation reads, counted: what the feed is meant to save.
    const counted: Store = Object.assign(Object.create(reader) as Store, {
      accountGeneration: (id: string) => {
        reads += 1;
        return reader.accountGeneration(id);
      },
    });
    watched = watchGenerations(counted);
    await watched.ready;
    feed = reader.changeFeed() as PgChangeFeed;
  });
  afterAll(async () => {
    watched?.close();
    await reader?.close();
    await writer?.close();
    await db?.drop();
  });

  it('keeps a generation once read, and takes the next one from the notice, with no read', async () => {
    expect(feed.live()).toBe(true);
    const { account_id, api_key } = await newAccount(writer);
    const first = await watched.store.accountGeneration(account_id);
    const readsAfterFirst = reads;
    expect(await watched.store.accountGeneration(account_id)).toBe(first);
    expect(reads).toBe(readsAfterFirst);
    // revokeApiKeys returns once every listener (the reader's feed among them) has applied its notice.
    expect(await writer.revokeApiKeys(keyPrefixOf(api_key)!)).toBe(1);
    expect(await watched.store.accountGeneration(account_id)).toBe(first! + 1);
    expect(reads).toBe(readsAfterFirst);
  });

  it('an unknown account is read every time (never kept as missing)', async () => {
    const before = reads;
    expect(await watched.store.accountGeneration('acct_missing')).toBeNull();
    expect(await watched.store.accountGeneration('acct_missing')).toBeNull();
    expect(reads).toBe(before + 2);
  });

  it('a dropped listening connection forgets every kept generation; changes meanwhile are read; it listens again', async () => {
    const { account_id } = await newAccount(writer);
    const first = (await watched.store.accountGeneration(account_id))!;
    const epoch = feed.epoch();
    const pid = feed.backendPid();
    expect(pid).not.toBeNull();
    // The connection is cut by the database, as a restart or a network fault would.
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
    await until(() => feed.epoch() !== epoch, 'the feed notices the lost connection');
    // Whatever the feed missed: a change committed now is seen (read from the store if not yet listening).
    expect(await writer.setAccountPlan(account_id, 'free')).toBe(true);
    expect(await watched.store.accountGeneration(account_id)).toBe(first + 1);
    await until(() => feed.live(), 'the feed listens again');
    expect(feed.backendPid()).not.toBe(pid);
    const before = reads;
    expect(await watched.store.accountGeneration(account_id)).toBe(first + 1);
    expect(await watched.store.accountGeneration(account_id)).toBe(first + 1);
    // Forgotten at the reconnection, read once, then kept.
    expect(reads).toBe(before + 1);
  });
});
