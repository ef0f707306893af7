/**
 * Wraps either adapter so that a store fault never becomes a freeze or a 500:
 * - Every call draws on its request's store budget (store-budget.ts): PAYROLL_STORE_TIMEOUT_MS is the
 *   longest a request waits on the store in total, whatever calls, retries and ROLLBACKs it makes.
 *   A call still running when the budget (plus STORE_TIMEOUT_GRACE_MS) is spent is given up on: the
 *   request gets 503 at once, and the budget's signal tells the adapter to let go of what the call holds.
 *   A call that has committed its change (storeCallCommitted) is no longer given up on: its answer is
 *   the change's, not a 503.
 * - SQLite answers SQLITE_BUSY after a short synchronous busy_timeout (another process holds the write
 *   lock); the call is retried asynchronously, so the event loop keeps serving other requests, until
 *   the budget is spent. Nothing ran when SQLITE_BUSY is raised, so a retry is always safe.
 * - PostgreSQL also bounds itself on the server (statement timeouts in postgres.ts, set within the
 *   budget), so a statement waiting on a lock is cancelled by the server before the guard gives up:
 *   a 503 then means nothing was written.
 * - What is left is a StoreUnavailableError (503 store_unavailable) when the fault is transient.
 * - Strings that no store can keep unchanged (NUL, lone surrogates) are never sent: a lookup finds
 *   nothing and a write is refused with StoreTextError, the same on both stores.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isSqliteBusy, isStorableText, isTransientStoreError, StoreTextError, StoreUnavailableError } from './errors.ts';
import { onStoreBudget, type StoreBudget } from './store-budget.ts';
import type { ClaimQueries } from '../rate-limit/postgres-claims.ts';
import type { Account, Store } from './types.ts';

/** Default bound on how long one request may wait on the store before it gets 503 (PAYROLL_STORE_TIMEOUT_MS). */
export const DEFAULT_STORE_TIMEOUT_MS = 2000;
/**
 * How long past its budget a call may still answer before the guard gives up on it: room for the
 * server's own cancellation (statement_timeout, which is a clean "nothing written") to arrive first.
 */
export const STORE_TIMEOUT_GRACE_MS = 200;
const BUSY_RETRY_MS = 25;

export function guardStore(inner: Store, timeoutMs: number = DEFAULT_STORE_TIMEOUT_MS): Store {
  function run<T>(op: () => Promise<T>): Promise<T> {
    return onStoreBudget(timeoutMs, (budget, inRequest) => attempt(budget, inRequest, op));
  }
  async function attempt<T>(budget: StoreBudget, inRequest: boolean, op: () => Promise<T>): Promise<T> {
    if (budget.signal.aborted || budget.remainingMs() <= 0) throw spent();
    const end = budget.begin();
    let timer: NodeJS.Timeout | undefined;
    // Outside a request (admin command, start-up) nobody waits for a 503: the adapter's own bounds apply.
    const givenUp = new Promise<never>((_, reject) => {
      if (!inRequest) return;
      timer = setTimeout(() => {
        const err = spent();
        budget.abandon(err);
        reject(err);
      }, budget.remainingMs() + STORE_TIMEOUT_GRACE_MS);
    });
    const committed = budget.onCommitted(() => clearTimeout(timer));
    try {
      for (;;) {
        const running = op();
        // Given up on, the call may still fail later: that is no longer anyone's to handle.
        running.catch(() => {});
        try {
          return await Promise.race([running, givenUp]);
        } catch (err) {
          if (isSqliteBusy(err) && budget.remainingMs() > BUSY_RETRY_MS) {
            await Promise.race([sleep(BUSY_RETRY_MS), givenUp]);
            continue;
          }
          if (isTransientStoreError(err))
            throw err instanceof StoreUnavailableError ? err : new StoreUnavailableError((err as Error).message, { cause: err });
          throw err;
        }
      }
    } finally {
      clearTimeout(timer);
      committed();
      end();
    }
  }
  function spent(): StoreUnavailableError {
    return new StoreUnavailableError(`the request waited ${timeoutMs} ms on the store in total (PAYROLL_STORE_TIMEOUT_MS)`);
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
    rateLimiterBackend: () => {
      const backend = inner.rateLimiterBackend();
      if (backend.kind !== 'postgres') return backend;
      // The rate limit's claims wait on the same store: they draw on the request's budget too.
      const client = backend.storeClient as ClaimQueries;
      const storeClient: ClaimQueries = {
        query: (text, values) => run(() => client.query(text, values)),
        join: (shared) => run(() => shared),
      };
      return { ...backend, storeClient };
    },
    changeFeed: () => inner.changeFeed(),
    close: () => inner.close(),
  };
}
