/**
 * Wraps either adapter so that a store fault never becomes a freeze or a 500:
 * - SQLite answers SQLITE_BUSY after a short synchronous busy_timeout (another process holds the write
 *   lock); the call is retried asynchronously, so the event loop keeps serving other requests, until
 *   the store timeout passes. Nothing ran when SQLITE_BUSY is raised, so a retry is always safe.
 * - PostgreSQL bounds itself (connect, pool acquire and statement timeouts in postgres.ts).
 * - What is left is a StoreUnavailableError (503 store_unavailable) when the fault is transient.
 * - Strings that no store can keep unchanged (NUL, lone surrogates) are never sent: a lookup finds
 *   nothing and a write is refused with StoreTextError, the same on both stores.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isSqliteBusy, isStorableText, isTransientStoreError, StoreTextError, StoreUnavailableError } from './errors.ts';
import type { Account, Store } from './types.ts';

/** Default bound on how long one store call may take before the request gets 503 (PAYROLL_STORE_TIMEOUT_MS). */
export const DEFAULT_STORE_TIMEOUT_MS = 2000;
const BUSY_RETRY_MS = 25;

export function guardStore(inner: Store, timeoutMs: number = DEFAULT_STORE_TIMEOUT_MS): Store {
  async function run<T>(op: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await op();
      } catch (err) {
        if (isSqliteBusy(err) && Date.now() + BUSY_RETRY_MS < deadline) {
          await sleep(BUSY_RETRY_MS);
          continue;
        }
        if (isTransientStoreError(err))
          throw err instanceof StoreUnavailableError ? err : new StoreUnavailableError((err as Error).message, { cause: err });
        throw err;
      }
    }
  }
  function storable(field: string, value: string): void {
    if (!isStorableText(value)) throw new StoreTextError(field);
  }

  return {
    kind: inner.kind,
    // async, so that a refused string is a rejected promise like every other store failure.
    createAccount: async (a: Omit<Account, 'created_at'>) => {
      storable('name', a.name);
      return run(() => inner.createAccount(a));
    },
    getAccount: (id) => run(() => inner.getAccount(id)),
    listAccounts: () => run(() => inner.listAccounts()),
    setAccountPlan: (id, plan) => run(() => inner.setAccountPlan(id, plan)),
    insertApiKey: (k) => run(() => inner.insertApiKey(k)),
    findApiKeysByPrefix: (p) => run(() => inner.findApiKeysByPrefix(p)),
    revokeApiKeys: (p) => run(() => inner.revokeApiKeys(p)),
    accountGeneration: (id) => run(() => inner.accountGeneration(id)),
    findCompany: async (accountId, companyId) => (isStorableText(companyId) ? run(() => inner.findCompany(accountId, companyId)) : null),
    updateCompanyProfile: async (accountId, companyId, newProfileId, change) => {
      storable('company_id', companyId);
      return run(() => inner.updateCompanyProfile(accountId, companyId, newProfileId, change));
    },
    reserveQuota: (id, month, limit) => run(() => inner.reserveQuota(id, month, limit)),
    quotaUsed: (id, month) => run(() => inner.quotaUsed(id, month)),
    ping: () => run(() => inner.ping()),
    rateLimiterBackend: () => inner.rateLimiterBackend(),
    changeFeed: () => inner.changeFeed(),
    close: () => inner.close(),
  };
}
