/**
 * The admin command's account listing, shared by both adapters (the SQL has no placeholders, so it is
 * the same text for both): the accounts and the keys in two plain queries, each key put under its
 * account here, without its hash.
 */
import type { Account, AccountListing } from './types.ts';

export const LIST_ACCOUNTS_SQL = 'SELECT account_id, name, plan, created_at FROM accounts ORDER BY created_at, account_id';
export const LIST_KEYS_SQL = 'SELECT account_id, key_prefix, created_at, revoked_at FROM api_keys ORDER BY created_at';

/** A row of LIST_KEYS_SQL. */
export type ListedKeyRow = AccountListing['keys'][number] & { account_id: string };

export function accountListing(accounts: Account[], keys: ListedKeyRow[]): AccountListing[] {
  return accounts.map((a) => ({
    ...a,
    keys: keys
      .filter((k) => k.account_id === a.account_id)
      .map(({ key_prefix, created_at, revoked_at }) => ({ key_prefix, created_at, revoked_at })),
  }));
}
