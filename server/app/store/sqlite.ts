/**
 * SQLite adapter (the embedded default) over better-sqlite3. better-sqlite3 is synchronous, so every
 * method runs to completion before another starts in this process; BEGIN IMMEDIATE transactions
 * serialize writers across processes sharing the file, and WAL lets readers run alongside a writer.
 * The busy timeout is short (BUSY_TIMEOUT_MS) because it blocks the event loop: a longer wait for
 * another process's lock is retried asynchronously by guarded-store.ts, up to the store timeout.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { Database } from './sqlite-driver.ts';
import type { ProfileVersion } from '../../../engine/index.ts';
import { MIGRATIONS, MIGRATIONS_TABLE_SQL, RATE_LIMIT_TABLE } from './migrations.ts';
import { reserveQuotaSql, sqlitePlaceholder } from './quota-sql.ts';
import { profileRowWrites } from './profile-writes.ts';
import { accountListing, LIST_ACCOUNTS_SQL, LIST_KEYS_SQL, type ListedKeyRow } from './account-listing.ts';
import { guardStore } from './guarded-store.ts';
import type { Account, AccountListing, Company, Plan, ProfileChange, RateLimiterBackend, Store, StoredApiKey } from './types.ts';

const BUSY_TIMEOUT_MS = 20;
/** Start-up (migrations) may wait longer for another starting process: nothing is served yet. */
const STARTUP_BUSY_TIMEOUT_MS = 5000;

export function openSqliteStore(file: string, options: { timeoutMs?: number } = {}): Store {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma(`busy_timeout = ${STARTUP_BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return guardStore(new SqliteStore(db), options.timeoutMs);
}

function migrate(db: BetterSqlite3.Database): void {
  db.transaction(() => {
    db.exec(MIGRATIONS_TABLE_SQL);
    const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
    for (const m of MIGRATIONS) {
      if (applied.has(m.version)) continue;
      for (const sql of m.statements) db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, description, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.description,
        new Date().toISOString(),
      );
    }
  }).immediate();
}

class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  /** Prepared once per SQL text: preparing is a large part of a request's store time otherwise. */
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private readonly plucked = new Map<string, BetterSqlite3.Statement>();
  constructor(private readonly db: BetterSqlite3.Database) {}

  private statement(sql: string): BetterSqlite3.Statement {
    return this.prepared(this.statements, sql, false);
  }

  /** A prepared statement that answers the first column's value instead of a row object. */
  private pluckedStatement(sql: string): BetterSqlite3.Statement {
    return this.prepared(this.plucked, sql, true);
  }

  private prepared(cache: Map<string, BetterSqlite3.Statement>, sql: string, pluck: boolean): BetterSqlite3.Statement {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      if (pluck) stmt.pluck();
      cache.set(sql, stmt);
    }
    return stmt;
  }

  async createAccount(a: Omit<Account, 'created_at'>): Promise<Account> {
    const account = { ...a, created_at: new Date().toISOString() };
    this.statement('INSERT INTO accounts (account_id, name, plan, created_at) VALUES (?, ?, ?, ?)').run(
      account.account_id,
      account.name,
      account.plan,
      account.created_at,
    );
    return account;
  }

  async getAccount(accountId: string): Promise<Account | null> {
    return (
      (this.statement('SELECT account_id, name, plan, created_at FROM accounts WHERE account_id = ?').get(accountId) as
        Account | undefined) ?? null
    );
  }

  async listAccounts(): Promise<AccountListing[]> {
    const accounts = this.statement(LIST_ACCOUNTS_SQL).all() as Account[];
    const keys = this.statement(LIST_KEYS_SQL).all() as ListedKeyRow[];
    return accountListing(accounts, keys);
  }

  async insertApiKey(k: { key_prefix: string; key_hash: string; account_id: string }): Promise<void> {
    this.statement('INSERT INTO api_keys (key_hash, key_prefix, account_id, created_at) VALUES (?, ?, ?, ?)').run(
      k.key_hash,
      k.key_prefix,
      k.account_id,
      new Date().toISOString(),
    );
  }

  async findApiKeysByPrefix(keyPrefix: string): Promise<StoredApiKey[]> {
    return this.statement(
      'SELECT k.key_hash, k.account_id, a.plan, k.revoked_at, a.cache_generation FROM api_keys k JOIN accounts a ON a.account_id = k.account_id WHERE k.key_prefix = ?',
    ).all(keyPrefix) as StoredApiKey[];
  }

  async setAccountPlan(accountId: string, plan: Plan): Promise<boolean> {
    return (
      this.statement('UPDATE accounts SET plan = ?, cache_generation = cache_generation + 1 WHERE account_id = ?').run(plan, accountId)
        .changes === 1
    );
  }

  async revokeApiKeys(keyPrefix: string): Promise<number> {
    return this.db
      .transaction(() => {
        this.statement(
          `UPDATE accounts SET cache_generation = cache_generation + 1 WHERE account_id IN (SELECT account_id FROM api_keys WHERE key_prefix = ? AND revoked_at IS NULL)`,
        ).run(keyPrefix);
        return this.statement('UPDATE api_keys SET revoked_at = ? WHERE key_prefix = ? AND revoked_at IS NULL').run(
          new Date().toISOString(),
          keyPrefix,
        ).changes;
      })
      .immediate();
  }

  async accountGeneration(accountId: string): Promise<number | null> {
    // read on every authenticated request: the plucked value, no row object
    return (
      (this.pluckedStatement('SELECT cache_generation FROM accounts WHERE account_id = ?').get(accountId) as number | undefined) ?? null
    );
  }

  async findCompany(accountId: string, companyId: string): Promise<Company | null> {
    const row = this.statement('SELECT profile_id FROM companies WHERE account_id = ? AND company_id = ?').get(accountId, companyId) as
      { profile_id: string } | undefined;
    if (!row) return null;
    return { account_id: accountId, company_id: companyId, profile_id: row.profile_id, versions: this.versionsOf(accountId, companyId) };
  }

  async updateCompanyProfile<T>(accountId: string, companyId: string, newProfileId: string, change: ProfileChange<T>): Promise<T> {
    return this.db
      .transaction(() => {
        this.statement(
          'INSERT INTO companies (account_id, company_id, profile_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
        ).run(accountId, companyId, newProfileId, new Date().toISOString());
        const { profile_id } = this.statement('SELECT profile_id FROM companies WHERE account_id = ? AND company_id = ?').get(
          accountId,
          companyId,
        ) as { profile_id: string };
        const existing = this.versionsOf(accountId, companyId);
        const { versions, result } = change(existing, { company_id: companyId, profile_id });
        // only the rows that changed: a PUT used to delete and insert every version of the company
        const { upserts, deleteFrom } = profileRowWrites(existing, versions);
        if (deleteFrom !== null)
          this.statement('DELETE FROM profile_versions WHERE account_id = ? AND company_id = ? AND position >= ?').run(
            accountId,
            companyId,
            deleteFrom,
          );
        const upsert = this.statement(
          'INSERT INTO profile_versions (account_id, company_id, position, version, document) VALUES (?, ?, ?, ?, ?) ' +
            'ON CONFLICT (account_id, company_id, position) DO UPDATE SET version = excluded.version, document = excluded.document',
        );
        for (const row of upserts) upsert.run(accountId, companyId, row.position, row.version, row.document);
        this.statement('UPDATE accounts SET cache_generation = cache_generation + 1 WHERE account_id = ?').run(accountId);
        return result;
      })
      .immediate();
  }

  private versionsOf(accountId: string, companyId: string): ProfileVersion[] {
    const rows = this.statement('SELECT document FROM profile_versions WHERE account_id = ? AND company_id = ? ORDER BY position').all(
      accountId,
      companyId,
    ) as { document: string }[];
    return rows.map((r) => JSON.parse(r.document) as ProfileVersion);
  }

  async reserveQuota(accountId: string, month: string, limit: number): Promise<boolean> {
    if (limit <= 0) return false;
    return this.statement(reserveQuotaSql(sqlitePlaceholder)).get(accountId, month, limit) !== undefined;
  }

  async quotaUsed(accountId: string, month: string): Promise<number> {
    const row = this.statement('SELECT count FROM quota_counters WHERE account_id = ? AND month = ?').get(accountId, month) as
      { count: number } | undefined;
    return row?.count ?? 0;
  }

  rateLimiterBackend(): RateLimiterBackend {
    return { kind: 'sqlite', storeClient: this.db, tableName: RATE_LIMIT_TABLE };
  }

  /** None: every process on the file reads the generation per request (a local read, no network). */
  changeFeed(): null {
    return null;
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
