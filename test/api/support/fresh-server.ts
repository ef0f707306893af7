/**
 * The setup most API test files share: a new database of one kind, a test server over it and one
 * account, made before the file's (or describe block's) tests and removed after them. Call it at the
 * top of a describe block; the returned object is filled in by the time its first test runs.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Plan } from '../../../server/app/store/types.ts';
import { createTestDatabase, type StoreKind, type TestDatabase } from './databases.ts';
import { newAccount, putProfile, startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

export interface FreshServer {
  db: TestDatabase;
  server: TestServer;
  /** The account's API key and id. */
  key: string;
  accountId: string;
}

export interface FreshServerOptions extends TestServerOptions {
  /** The account's plan (default standard). */
  plan?: Plan;
  /** When given, the account gets the example calculation profile for this company (the setup fails unless 200). */
  company?: string;
}

export function freshServer(kind: StoreKind, options: FreshServerOptions = {}): FreshServer {
  const fresh = {} as FreshServer;
  beforeAll(async () => {
    fresh.db = await createTestDatabase(kind);
    fresh.server = await startTestServer(fresh.db, options);
    ({ api_key: fresh.key, account_id: fresh.accountId } = await newAccount(fresh.server.store, options.plan));
    if (options.company !== undefined) expect((await putProfile(fresh.server, fresh.key, options.company)).status).toBe(200);
  });
  afterAll(async () => {
    await fresh.server?.stop();
    await fresh.db?.drop();
  });
  return fresh;
}
