/**
 * PostgreSQL adapter for scale-out: several server processes share accounts, profiles, quota and
 * rate-limit points. Same migrations as SQLite; they run under an advisory lock so processes starting
 * together do not race. `schema` (tests) pins every connection's search_path to one schema.
 */
import type { ClientConfig, Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';
import { randomBytes } from 'node:crypto';
import { COUNT_LISTENERS_SQL, notifyGenerationSql, openPgChangeFeed, type PgChangeFeed } from './pg-change-feed.ts';
import { profileRowWrites } from './profile-writes.ts';
import type { ProfileVersion } from '../../../engine/index.ts';
import { MIGRATIONS, MIGRATIONS_TABLE_SQL, RATE_LIMIT_WINDOWS_TABLE } from './migrations.ts';
import { postgresPlaceholder, reserveQuotaSql } from './quota-sql.ts';
import { accountListing, LIST_ACCOUNTS_SQL, LIST_KEYS_SQL, type ListedKeyRow } from './account-listing.ts';
import { DEFAULT_STORE_TIMEOUT_MS, guardStore, STORE_TIMEOUT_GRACE_MS } from './guarded-store.ts';
import { isTransientStoreError, StoreUnavailableError } from './errors.ts';
import { storeCallCommitted, storeCallRemainingMs, storeCallSignal } from './store-budget.ts';
import type { Account, AccountListing, Company, Plan, ProfileChange, RateLimiterBackend, Store, StoredApiKey } from './types.ts';

/** Arbitrary constant: the advisory lock id that serializes migrations. */
const MIGRATION_LOCK_ID = 724_110_2026;

export interface PostgresStoreOptions {
  connectionString: string;
  schema?: string;
  maxConnections?: number;
  /** Bound on a request's store calls together (PAYROLL_STORE_TIMEOUT_MS): connecting, waiting for a pooled connection, statements. */
  timeoutMs?: number;
}

export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  // loaded here, not at start-up: pg's module loading is a cost a SQLite deployment never needs
  const { default: pg } = await import('pg');
  const timeoutMs = options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  const connection: ClientConfig = {
    connectionString: options.connectionString,
    connectionTimeoutMillis: timeoutMs,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
  const pool = new pg.Pool({
    ...connection,
    max: options.maxConnections ?? 10,
    // connectionTimeoutMillis (in `connection`) also bounds the wait for a free pooled connection, so one
    // locked table that holds every connection makes the others 503 in bounded time instead of queueing forever.
    // Server side: a statement waiting on a lock (or running long) is cancelled (SQLSTATE 57014).
    statement_timeout: timeoutMs,
    // Client side: a server that stops answering altogether (network, frozen host) is given up on too.
    // Within a request the guard gives up sooner (its store budget) and destroys the connection (withClient).
    query_timeout: timeoutMs + 1000,
    // A transaction left open by a crashed request must not hold its locks for ever.
    idle_in_transaction_session_timeout: timeoutMs * 5,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  poolTimeouts.set(pool, timeoutMs);
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return guardStore(new PostgresStore(pool, () => openPgChangeFeed(pg, connection)), timeoutMs);
}

async function migrate(pool: Pool): Promise<void> {
  await inTransaction(pool, async (c) => {
    // Processes starting together wait for each other's migrations: no statement timeout here.
    await c.query('SET LOCAL statement_timeout = 0');
    await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await c.query(MIGRATIONS_TABLE_SQL);
    const applied = new Set((await c.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    for (const m of MIGRATIONS) {
      if (applied.has(m.version)) continue;
      for (const sql of m.statements) await c.query(sql);
      await c.query('INSERT INTO schema_migrations (version, description, applied_at) VALUES ($1, $2, $3)', [
        m.version,
        m.description,
        new Date().toISOString(),
      ]);
    }
  });
}

async function inTransaction<T>(pool: Pool, work: (c: PoolClient) => Promise<T>): Promise<T> {
  return withClient(pool, async (client) => {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      // A connection that stopped answering is destroyed instead (withClient): the server rolls back
      // when it sees it close, and the request does not wait a second time on a ROLLBACK that hangs too.
      if (!connectionLost(err))
        await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
          if (connectionLost(rollbackErr)) lostClients.add(client);
        });
      throw err;
    }
  });
}

/** The statement_timeout each pooled connection is at (set at connect time to the store timeout). */
const statementTimeouts = new WeakMap<PoolClient, number>();
/** Each pool's store timeout (PAYROLL_STORE_TIMEOUT_MS). */
const poolTimeouts = new WeakMap<Pool, number>();
/** Connections whose ROLLBACK did not get an answer: destroyed, not pooled again. */
const lostClients = new WeakSet<PoolClient>();

/** pg's own failures (timeouts, a closed socket) carry no server severity; the server's answers do. */
function connectionLost(err: unknown): boolean {
  return isTransientStoreError(err) && !(err instanceof Error && 'severity' in err);
}

/**
 * Runs `work` on a pooled connection within the current request's store budget (store-budget.ts):
 * - a connection handed over after the request gave up is given back unused (nothing is written late);
 * - when the request gives up while `work` runs, the connection is destroyed at once, which ends the
 *   wait and gives the pool its slot back (the server rolls back an open transaction when it notices);
 * - late in the budget, the server-side statement_timeout is lowered to what is left, so a statement
 *   waiting on a lock is cancelled by the server (nothing written) before the guard gives up on it.
 */
async function withClient<T>(pool: Pool, work: (c: PoolClient) => Promise<T>): Promise<T> {
  const signal = storeCallSignal();
  const client = await pool.connect();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    signal?.removeEventListener('abort', onAbort);
    client.release(err ?? (lostClients.has(client) ? new Error('connection lost') : undefined));
  };
  const onAbort = () => release(new Error('given up on by its request'));
  if (signal?.aborted) {
    release();
    throw new StoreUnavailableError('the request stopped waiting before a connection was free');
  }
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await boundStatements(client, poolTimeouts.get(pool) ?? DEFAULT_STORE_TIMEOUT_MS);
    return await work(client);
  } catch (err) {
    if (connectionLost(err)) release(err as Error);
    throw err;
  } finally {
    release();
  }
}

async function boundStatements(client: PoolClient, timeoutMs: number): Promise<void> {
  const left = storeCallRemainingMs();
  // Only when the full timeout would outlast the guard: most calls find the connection as it is.
  const wanted = left !== undefined && left + STORE_TIMEOUT_GRACE_MS / 2 < timeoutMs ? Math.max(1, Math.floor(left)) : timeoutMs;
  if ((statementTimeouts.get(client) ?? timeoutMs) === wanted) return;
  await client.query(`SET statement_timeout = ${wanted}`);
  statementTimeouts.set(client, wanted);
}

interface Queryable {
  query<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}

class PostgresStore implements Store {
  readonly kind = 'postgres' as const;
  private closed = false;
  private feed: PgChangeFeed | null = null;
  constructor(
    private readonly pool: Pool,
    private readonly openFeed: () => PgChangeFeed,
  ) {}

  /** One statement on a pooled connection, within the request's store budget (withClient). */
  query<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>> {
    return withClient(this.pool, (c) => c.query<R>(text, values));
  }

  /**
   * Runs a change that bumps generations (`work` gets the token its notices carry and returns how many
   * notices it sent) and returns only when every listening process has applied them
   * (store/pg-change-feed.ts): a revocation, plan change or PUT is in force everywhere when it returns.
   */
  private async published<T>(work: (token: string) => Promise<{ result: T; notices: number }>): Promise<T> {
    const feed = this.changeFeed();
    await feed.ready;
    const token = randomBytes(9).toString('base64url');
    const delivery = feed.expectAcks(token);
    try {
      const { result, notices } = await work(token);
      // Committed: the wait for the listeners below is bounded by its lease, not cut by the store budget.
      storeCallCommitted();
      if (notices > 0) {
        const { rows } = await this.query<{ n: number }>(COUNT_LISTENERS_SQL);
        await delivery.wait(rows[0]!.n * notices);
      }
      return result;
    } finally {
      delivery.cancel();
    }
  }

  async createAccount(a: Omit<Account, 'created_at'>): Promise<Account> {
    const account = { ...a, created_at: new Date().toISOString() };
    await this.query('INSERT INTO accounts (account_id, name, plan, created_at) VALUES ($1, $2, $3, $4)', [
      account.account_id,
      account.name,
      account.plan,
      account.created_at,
    ]);
    return account;
  }

  async getAccount(accountId: string): Promise<Account | null> {
    const { rows } = await this.query<Account>('SELECT account_id, name, plan, created_at FROM accounts WHERE account_id = $1', [
      accountId,
    ]);
    return rows[0] ?? null;
  }

  async listAccounts(): Promise<AccountListing[]> {
    const accounts = (await this.query<Account>(LIST_ACCOUNTS_SQL)).rows;
    const keys = (await this.query<ListedKeyRow>(LIST_KEYS_SQL)).rows;
    return accountListing(accounts, keys);
  }

  async insertApiKey(k: { key_prefix: string; key_hash: string; account_id: string }): Promise<void> {
    await this.query('INSERT INTO api_keys (key_hash, key_prefix, account_id, created_at) VALUES ($1, $2, $3, $4)', [
      k.key_hash,
      k.key_prefix,
      k.account_id,
      new Date().toISOString(),
    ]);
  }

  async findApiKeysByPrefix(keyPrefix: string): Promise<StoredApiKey[]> {
    const { rows } = await this.query<StoredApiKey>(
      'SELECT k.key_hash, k.account_id, a.plan, k.revoked_at, a.cache_generation FROM api_keys k JOIN accounts a ON a.account_id = k.account_id WHERE k.key_prefix = $1',
      [keyPrefix],
    );
    return rows;
  }

  async setAccountPlan(accountId: string, plan: Plan): Promise<boolean> {
    // One statement: the bump and its notice (store/pg-change-feed.ts) commit together.
    return this.published(async (token) => {
      const res = await this.query(
        `WITH bumped AS (UPDATE accounts SET plan = $1, cache_generation = cache_generation + 1 WHERE account_id = $2 RETURNING account_id, cache_generation) ${notifyGenerationSql('$3')}`,
        [plan, accountId, token],
      );
      return { result: res.rowCount === 1, notices: res.rowCount ?? 0 };
    });
  }

  async revokeApiKeys(keyPrefix: string): Promise<number> {
    return this.published((token) =>
      inTransaction(this.pool, async (c) => {
        const bumped = await c.query(
          `WITH bumped AS (UPDATE accounts SET cache_generation = cache_generation + 1 WHERE account_id IN (SELECT account_id FROM api_keys WHERE key_prefix = $1 AND revoked_at IS NULL) RETURNING account_id, cache_generation) ${notifyGenerationSql('$2')}`,
          [keyPrefix, token],
        );
        const res = await c.query('UPDATE api_keys SET revoked_at = $1 WHERE key_prefix = $2 AND revoked_at IS NULL', [
          new Date().toISOString(),
          keyPrefix,
        ]);
        return { result: res.rowCount ?? 0, notices: bumped.rowCount ?? 0 };
      }),
    );
  }

  async accountGeneration(accountId: string): Promise<number | null> {
    const { rows } = await this.query<{ cache_generation: number }>('SELECT cache_generation FROM accounts WHERE account_id = $1', [
      accountId,
    ]);
    return rows[0]?.cache_generation ?? null;
  }

  async findCompany(accountId: string, companyId: string): Promise<Company | null> {
    const { rows } = await this.query<{ profile_id: string }>(
      'SELECT profile_id FROM companies WHERE account_id = $1 AND company_id = $2',
      [accountId, companyId],
    );
    if (!rows[0]) return null;
    return {
      account_id: accountId,
      company_id: companyId,
      profile_id: rows[0].profile_id,
      versions: await versionsOf(this, accountId, companyId),
    };
  }

  async updateCompanyProfile<T>(accountId: string, companyId: string, newProfileId: string, change: ProfileChange<T>): Promise<T> {
    return this.published((token) =>
      inTransaction(this.pool, async (c) => {
        await c.query(
          'INSERT INTO companies (account_id, company_id, profile_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
          [accountId, companyId, newProfileId, new Date().toISOString()],
        );
        // The row lock makes concurrent PUTs for one company wait for each other's commit.
        const locked = await c.query<{ profile_id: string }>(
          'SELECT profile_id FROM companies WHERE account_id = $1 AND company_id = $2 FOR UPDATE',
          [accountId, companyId],
        );
        const profile_id = locked.rows[0]!.profile_id;
        const existing = await versionsOf(c, accountId, companyId);
        const { versions, result } = change(existing, { company_id: companyId, profile_id });
        // only the rows that changed: a PUT used to delete and insert every version of the company
        const { upserts, deleteFrom } = profileRowWrites(existing, versions);
        if (deleteFrom !== null)
          await c.query('DELETE FROM profile_versions WHERE account_id = $1 AND company_id = $2 AND position >= $3', [
            accountId,
            companyId,
            deleteFrom,
          ]);
        for (const row of upserts) {
          await c.query(
            'INSERT INTO profile_versions (account_id, company_id, position, version, document) VALUES ($1, $2, $3, $4, $5) ' +
              'ON CONFLICT (account_id, company_id, position) DO UPDATE SET version = excluded.version, document = excluded.document',
            [accountId, companyId, row.position, row.version, row.document],
          );
        }
        const bumped = await c.query(
          `WITH bumped AS (UPDATE accounts SET cache_generation = cache_generation + 1 WHERE account_id = $1 RETURNING account_id, cache_generation) ${notifyGenerationSql('$2')}`,
          [accountId, token],
        );
        return { result, notices: bumped.rowCount ?? 0 };
      }),
    );
  }

  async reserveQuota(accountId: string, month: string, limit: number): Promise<boolean> {
    if (limit <= 0) return false;
    const res = await this.query(reserveQuotaSql(postgresPlaceholder), [accountId, month, limit]);
    return (res.rowCount ?? 0) > 0;
  }

  async quotaUsed(accountId: string, month: string): Promise<number> {
    const { rows } = await this.query<{ count: number }>('SELECT count FROM quota_counters WHERE account_id = $1 AND month = $2', [
      accountId,
      month,
    ]);
    return rows[0]?.count ?? 0;
  }

  rateLimiterBackend(): RateLimiterBackend {
    // Claims are statements like the others: on the request's store budget (withClient, and the guard).
    return { kind: 'postgres', storeClient: { query: this.query.bind(this) } satisfies Queryable, tableName: RATE_LIMIT_WINDOWS_TABLE };
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  changeFeed(): PgChangeFeed {
    this.feed ??= this.openFeed();
    return this.feed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.feed?.close();
    await this.pool.end();
  }
}

async function versionsOf(q: Queryable, accountId: string, companyId: string): Promise<ProfileVersion[]> {
  const { rows } = await q.query<{ document: string }>(
    'SELECT document FROM profile_versions WHERE account_id = $1 AND company_id = $2 ORDER BY position',
    [accountId, companyId],
  );
  return rows.map((r) => JSON.parse(r.document) as ProfileVersion);
}
