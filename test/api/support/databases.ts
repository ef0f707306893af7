/**
 * The two store adapters under test. SQLite: a fresh temp file. PostgreSQL: a fresh schema in the
 * run's test database (postgres-gate.ts: its own, or PAYROLL_TEST_DATABASE_URL), pinned through
 * search_path and dropped afterwards, so test files never see each other's rows. Without a PostgreSQL
 * the run's global setup printed once why; describeEachStore then registers the PostgreSQL half as
 * skipped tests, with the reason in their name, so the summary counts them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { openPostgresStore } from '../../../server/app/store/postgres.ts';
import { openSqliteStore } from '../../../server/app/store/sqlite.ts';
import type { Store } from '../../../server/app/store/types.ts';

export type StoreKind = 'sqlite' | 'postgres';
const STORE_KINDS: StoreKind[] = ['sqlite', 'postgres'];
const POSTGRES_TEST_URL = inject('postgresTestUrl');
const POSTGRES_SKIP_REASON = inject('postgresSkipReason');

/** Registers `body` under `title`, or, when `skipReason` is given, registers its tests as skipped, the reason in the title. */
export function describeUnless(skipReason: string | null, title: string, body: () => void): void {
  if (skipReason === null) describe(title, body);
  else describe.skip(`${title} [skipped: ${skipReason}]`, body);
}

/** Why tests on this store kind are skipped in this run, or null when they run. */
export function storeSkipReason(kind: StoreKind): string | null {
  return kind === 'postgres' && !POSTGRES_TEST_URL ? POSTGRES_SKIP_REASON : null;
}

/** describe.each over both stores (`%s` in the title is the kind); the PostgreSQL half skipped, and counted, without a PostgreSQL. */
export function describeEachStore(title: string, body: (kind: StoreKind) => void): void {
  for (const kind of STORE_KINDS) describeUnless(storeSkipReason(kind), title.replace('%s', kind), () => body(kind));
}
/** The PostgreSQL URL of this run ('' when PostgreSQL tests are skipped); for tests that open their own connection. */
export const TEST_DATABASE_URL: string = POSTGRES_TEST_URL ?? '';

/** A place for a store that can be opened several times (restarts) and removed at the end. */
export interface TestDatabase {
  kind: StoreKind;
  /** timeoutMs: the store timeout (PAYROLL_STORE_TIMEOUT_MS), shortened by the store-fault tests. */
  open(options?: { timeoutMs?: number }): Promise<Store>;
  /** SQLite: the file; PostgreSQL: the schema (tests that reach the database from another connection). */
  location: string;
  /** Environment variables that point the server or the admin command at this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: StoreKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-test-'));
    const file = join(dir, 'nested', 'payroll.sqlite');
    return {
      kind,
      location: file,
      open: async (options) => openSqliteStore(file, options),
      env: { PAYROLL_DB: file },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!POSTGRES_TEST_URL) throw new Error('PostgreSQL is not available in this run (see the line printed at the start)');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(POSTGRES_TEST_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    kind,
    location: schema,
    open: (options) => openPostgresStore({ connectionString: POSTGRES_TEST_URL, schema, maxConnections: 5, timeoutMs: options?.timeoutMs }),
    env: { PAYROLL_DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_TEST_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}
