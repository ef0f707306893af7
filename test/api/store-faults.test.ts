/**
 * A locked or slow store gives 503 store_unavailable with Retry-After within the store
 * timeout, never a freeze or a 500, and the service recovers by itself. The lock is taken elsewhere:
 * SQLite BEGIN EXCLUSIVE in another process on the same file, PostgreSQL LOCK TABLE on another connection.
 * Requests that need no store write (simulations, the standard plan) keep being answered meanwhile.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase, describeEachStore, TEST_DATABASE_URL, type StoreKind, type TestDatabase } from './support/databases.ts';
import { call, newAccount, putProfile, startTestServer, type TestServer } from './support/test-server.ts';
import { SQLITE_DRIVER_PACKAGE } from '../../server/app/store/sqlite-driver.ts';

// A request's whole budget (store-budget.ts): room for its key, rate-limit and company lookups on a loaded machine.
const STORE_TIMEOUT_MS = 1000;
/** Where the lock holder's require of the SQLite driver resolves. */
const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Holds the write lock (SQLite) or one table (PostgreSQL) from another connection until release(). */
async function lockQuotaWrites(kind: StoreKind, db: TestDatabase, table = 'quota_counters'): Promise<{ release(): Promise<void> }> {
  if (kind === 'sqlite') {
    // Another process: it takes the lock, says so, and rolls back when its stdin closes.
    const holder = `const db = new (require('${SQLITE_DRIVER_PACKAGE}'))(process.argv[1]); db.exec('BEGIN EXCLUSIVE'); process.stdout.write('locked\\n');
      process.stdin.on('end', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); }); process.stdin.resume();`;
    const child = spawn(process.execPath, ['-e', holder, db.location], { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
    });
    return {
      release: async () => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.stdin.end();
        await exited;
      },
    };
  }
  const other = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${db.location}` });
  await other.connect();
  await other.query('BEGIN');
  await other.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return {
    release: async () => {
      await other.query('ROLLBACK');
      await other.end();
    },
  };
}

describeEachStore('store faults (%s)', (kind) => {
  let db: TestDatabase;
  let server: TestServer;
  let free: { api_key: string; account_id: string };
  let standard: { api_key: string; account_id: string };
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    server = await startTestServer(db, {
      store: await db.open({ timeoutMs: STORE_TIMEOUT_MS }),
      now: () => new Date('2026-05-20T03:00:00Z'),
    });
    free = await newAccount(server.store, 'free');
    standard = await newAccount(server.store, 'standard');
    for (const a of [free, standard]) expect((await putProfile(server, a.api_key, 'acme-tokyo')).status).toBe(200);
  });
  afterAll(async () => {
    await server.stop();
    await db.drop();
  });

  it('a locked store gives 503 store_unavailable with Retry-After while reads go on, then recovers by itself', async () => {
    const lock = await lockQuotaWrites(kind, db);
    try {
      const [blocked, simulation, unlimited] = await Promise.all([
        call(server, 'POST', PATHS.monthly, { key: free.api_key, body: bodies.monthly() }),
        call(server, 'POST', PATHS.incomeTax, { key: free.api_key, body: bodies.incomeTax() }),
        call(server, 'POST', PATHS.monthly, { key: standard.api_key, body: bodies.monthly() }),
      ]);
      expect(blocked.status).toBe(503);
      expect(blocked.json.error).toMatchObject({ code: 'store_unavailable', request_id: expect.any(String) });
      expect(blocked.headers.get('retry-after')).toBe('1');
      // Logged for operators by name (the message, which could quote values, is not).
      expect(server.logs.filter((l) => l.err_name === 'StoreUnavailableError').map((l) => l.request_id)).toContain(
        blocked.json.error.request_id,
      );
      expect(simulation.status).toBe(200);
      expect(unlimited.status).toBe(200);
      const usage = await call(server, 'GET', '/v1/usage', { key: standard.api_key });
      expect(usage.status).toBe(200);
    } finally {
      await lock.release();
    }
    const after = await call(server, 'POST', PATHS.monthly, { key: free.api_key, body: bodies.monthly() });
    expect(after.status).toBe(200);
    expect(await server.store.quotaUsed(free.account_id, '2026-05')).toBe(1);
  });

  it('many concurrent writes against the lock all end in 503 (none hangs, none is a 500), and nothing is counted', async () => {
    const { api_key, account_id } = await newAccount(server.store, 'free');
    expect((await putProfile(server, api_key, 'acme-tokyo')).status).toBe(200);
    const lock = await lockQuotaWrites(kind, db);
    let statuses: number[];
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, () => call(server, 'POST', PATHS.monthly, { key: api_key, body: bodies.monthly() })),
      );
      statuses = results.map((r) => r.status);
    } finally {
      await lock.release();
    }
    expect(statuses).toEqual(Array(12).fill(503));
    expect(await server.store.quotaUsed(account_id, '2026-05')).toBe(0);
    expect((await call(server, 'POST', PATHS.monthly, { key: api_key, body: bodies.monthly() })).status).toBe(200);
  });

  it('a PUT blocked by the lock gives 503 too, and succeeds once the lock is gone', async () => {
    // On PostgreSQL the PUT writes profile_versions, not the quota table: lock that one.
    const lock = await lockQuotaWrites(kind, db, 'profile_versions');
    try {
      const res = await putProfile(server, free.api_key, 'acme-osaka');
      expect(res.status).toBe(503);
      expect(res.json.error.code).toBe('store_unavailable');
    } finally {
      await lock.release();
    }
    expect((await putProfile(server, free.api_key, 'acme-osaka')).status).toBe(200);
  });
});
