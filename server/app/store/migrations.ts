/**
 * Versioned schema of the control-plane store. The SQL is the common subset of SQLite and PostgreSQL
 * (TEXT, INTEGER, BIGINT, composite keys), so both adapters run exactly this list. Never edit an
 * applied entry: add a new one.
 */
export interface Migration {
  version: number;
  description: string;
  statements: string[];
}

/**
 * Name of the table rate-limiter-flexible writes when the rate limit lives in PostgreSQL; its columns
 * are the ones the library expects. On SQLite it stays empty (the limit lives in memory there).
 */
export const RATE_LIMIT_TABLE = 'rate_limit_points';

/**
 * The shared rate-limit windows when the limit lives in PostgreSQL (server/app/rate-limit/postgres-claims.ts):
 * per key, when the window ends (the database's clock, ms), the points given out in it, and the last
 * claim's grant. rate_limit_points above is no longer written (kept: applied migrations are never edited).
 */
export const RATE_LIMIT_WINDOWS_TABLE = 'rate_limit_windows';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'accounts, api keys, companies, profile versions, quota counters, rate-limit points',
    statements: [
      `CREATE TABLE accounts (
        account_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        plan TEXT NOT NULL CHECK (plan IN ('free', 'standard')),
        created_at TEXT NOT NULL
      )`,
      `CREATE TABLE api_keys (
        key_hash TEXT PRIMARY KEY,
        key_prefix TEXT NOT NULL,
        account_id TEXT NOT NULL REFERENCES accounts (account_id),
        created_at TEXT NOT NULL,
        revoked_at TEXT
      )`,
      `CREATE INDEX api_keys_by_prefix ON api_keys (key_prefix)`,
      `CREATE TABLE companies (
        account_id TEXT NOT NULL REFERENCES accounts (account_id),
        company_id TEXT NOT NULL,
        profile_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (account_id, company_id)
      )`,
      `CREATE TABLE profile_versions (
        account_id TEXT NOT NULL,
        company_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        version TEXT NOT NULL,
        document TEXT NOT NULL,
        PRIMARY KEY (account_id, company_id, position),
        FOREIGN KEY (account_id, company_id) REFERENCES companies (account_id, company_id)
      )`,
      `CREATE TABLE quota_counters (
        account_id TEXT NOT NULL REFERENCES accounts (account_id),
        month TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (account_id, month)
      )`,
      `CREATE TABLE ${RATE_LIMIT_TABLE} (
        key VARCHAR(255) PRIMARY KEY,
        points INTEGER NOT NULL DEFAULT 0,
        expire BIGINT
      )`,
    ],
  },
  {
    version: 2,
    description: 'per-account cache generation: bumped by key revocation and profile PUT, read by every process before trusting its caches',
    statements: [`ALTER TABLE accounts ADD COLUMN cache_generation INTEGER NOT NULL DEFAULT 0`],
  },
  {
    version: 3,
    description:
      'rate-limit windows claimed in batches by each process (server/app/rate-limit/leased.ts), replacing a row update per request',
    statements: [
      `CREATE TABLE ${RATE_LIMIT_WINDOWS_TABLE} (
        key VARCHAR(255) PRIMARY KEY,
        window_end BIGINT NOT NULL,
        used INTEGER NOT NULL,
        granted INTEGER NOT NULL
      )`,
    ],
  },
];

export const MIGRATIONS_TABLE_SQL = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  description TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;
