/**
 * The control-plane store: accounts, hashed API keys, companies with their profile versions, quota
 * counters and the rate-limit points table. Employee data and results never reach it (spec rule 1).
 * Two adapters implement it (sqlite.ts, postgres.ts) over the same migrations (migrations.ts).
 */
import type { ProfileVersion } from '../../../engine/index.ts';
import type { ChangeFeed } from './change-feed.ts';

export type Plan = 'free' | 'standard';
export const PLANS: readonly Plan[] = ['free', 'standard'];

export interface Account {
  account_id: string;
  name: string;
  plan: Plan;
  created_at: string;
}

export interface AccountListing extends Account {
  keys: { key_prefix: string; created_at: string; revoked_at: string | null }[];
}

/** One stored key as the authenticator needs it: the hash to compare, and whom it belongs to. */
export interface StoredApiKey {
  key_hash: string;
  account_id: string;
  plan: Plan;
  revoked_at: string | null;
  /** The account's cache generation when this row was read (see accountGeneration). */
  cache_generation: number;
}

export interface Company {
  account_id: string;
  company_id: string;
  profile_id: string;
  versions: ProfileVersion[]; // oldest first
}

/** What updateCompanyProfile hands the change function, and what it must give back. */
export type ProfileChange<T> = (
  existing: ProfileVersion[],
  ids: { company_id: string; profile_id: string },
) => { versions: ProfileVersion[]; result: T };

/** How the rate limiter reaches this store's shared table (PostgreSQL: rate_limit_windows, server/app/rate-limit/postgres-claims.ts). */
export type RateLimiterBackend =
  { kind: 'sqlite'; storeClient: unknown; tableName: string } | { kind: 'postgres'; storeClient: unknown; tableName: string };

export interface Store {
  readonly kind: 'sqlite' | 'postgres';

  createAccount(account: Omit<Account, 'created_at'>): Promise<Account>;
  getAccount(accountId: string): Promise<Account | null>;
  listAccounts(): Promise<AccountListing[]>;
  /**
   * Changes the account's plan (and bumps its cache generation, so no process keeps serving the old
   * plan from a cached key); false when there is no such account.
   */
  setAccountPlan(accountId: string, plan: Plan): Promise<boolean>;

  insertApiKey(key: { key_prefix: string; key_hash: string; account_id: string }): Promise<void>;
  /** Every key (revoked ones included) whose prefix matches; the caller compares hashes. */
  findApiKeysByPrefix(keyPrefix: string): Promise<StoredApiKey[]>;
  /** Marks the keys with this prefix revoked (and bumps their account's cache generation); returns how many were still active. */
  revokeApiKeys(keyPrefix: string): Promise<number>;
  /**
   * The account's cache generation, or null when the account does not exist. Every change a cache
   * must not outlive (key revocation, profile PUT) increments it in the same transaction, so a process
   * that reads it before trusting a cached key or profile sees another process's change at once.
   */
  accountGeneration(accountId: string): Promise<number | null>;

  /**
   * knownGeneration: the account's cache generation this request already read (at its key check); a
   * caching store (company-cache.ts) checks its entry against it instead of reading it again. The
   * stores themselves ignore it.
   */
  findCompany(accountId: string, companyId: string, knownGeneration?: number): Promise<Company | null>;
  /**
   * Creates the company if needed and replaces its whole version list with what `change` returns,
   * in one transaction that serializes concurrent changes to the same company, and bumps the account's
   * cache generation. A change that throws leaves nothing behind (not even the company).
   */
  updateCompanyProfile<T>(accountId: string, companyId: string, newProfileId: string, change: ProfileChange<T>): Promise<T>;

  /**
   * Counts one unit of the month's quota if fewer than `limit` are used, atomically (one SQL
   * statement), so concurrent callers never pass the limit. Returns whether the unit was counted.
   */
  reserveQuota(accountId: string, month: string, limit: number): Promise<boolean>;
  quotaUsed(accountId: string, month: string): Promise<number>;

  rateLimiterBackend(): RateLimiterBackend;
  /**
   * PostgreSQL: this store's feed of committed generation changes (LISTEN/NOTIFY), opened at the first
   * call and closed with the store; SQLite: null (store/change-feed.ts).
   */
  changeFeed(): ChangeFeed | null;
  /** Answers when the database answers a trivial query (GET /readyz); rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
