/**
 * A request's store calls share one budget (PAYROLL_STORE_TIMEOUT_MS in total), the guard gives up on a
 * call that outlives it, and the call it gave up on is told so (the budget's signal), so the adapter can
 * let go of its connection.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { guardStore, STORE_TIMEOUT_GRACE_MS } from '../../server/app/store/guarded-store.ts';
import { StoreUnavailableError } from '../../server/app/store/errors.ts';
import { StoreBudget, storeCallCommitted, storeCallSignal, withStoreBudget } from '../../server/app/store/store-budget.ts';
import type { Store } from '../../server/app/store/types.ts';

/** A store whose quotaUsed takes `ms` and records the signal it ran under and whether it aborted. */
function slowStore(ms: number) {
  const seen: AbortSignal[] = [];
  const inner = {
    kind: 'postgres',
    quotaUsed: async () => {
      const signal = storeCallSignal();
      if (signal) seen.push(signal);
      await sleep(ms);
      return 1;
    },
  } as unknown as Store;
  return { inner, seen };
}

describe('StoreBudget', () => {
  it('counts waits, not the time between them, and overlapping waits once', () => {
    let now = 0;
    const budget = new StoreBudget(1000, () => now);
    const first = budget.begin();
    now = 300;
    first();
    now = 5000; // time spent off the store (reading the body, calculating)
    expect(budget.remainingMs()).toBe(700);
    const a = budget.begin();
    now = 5100;
    const b = budget.begin();
    now = 5200;
    a();
    expect(budget.remainingMs()).toBe(500); // b is still waiting: 300 + 200 so far
    now = 5400;
    b();
    b(); // ending twice counts once
    expect(budget.remainingMs()).toBe(300);
  });
});

describe('guarded store on a request budget', () => {
  it('gives up on the second of two 600 ms calls at 1000 ms in total, and a third call fails at once', async () => {
    const { inner, seen } = slowStore(600);
    const store = guardStore(inner, 1000);
    await withStoreBudget(async () => {
      const started = performance.now();
      expect(await store.quotaUsed('a', '2026-05')).toBe(1);
      await expect(store.quotaUsed('a', '2026-05')).rejects.toBeInstanceOf(StoreUnavailableError);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(1000);
      expect(elapsed).toBeLessThan(1000 + STORE_TIMEOUT_GRACE_MS + 100);
      // The call given up on was told so.
      expect(seen[1]!.aborted).toBe(true);
      await expect(store.quotaUsed('a', '2026-05')).rejects.toThrow(/waited 1000 ms on the store in total/);
      expect(seen).toHaveLength(2); // the third never reached the store
    });
  });

  it('gives every call outside a request (admin command, start-up) a budget of its own, never cut short', async () => {
    const { inner, seen } = slowStore(1500);
    const store = guardStore(inner, 1000);
    expect(await store.quotaUsed('a', '2026-05')).toBe(1);
    expect(await store.quotaUsed('a', '2026-05')).toBe(1);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen.some((s) => s.aborted)).toBe(false);
  });

  it('keeps two requests apart: one spending its budget leaves the other untouched', async () => {
    const { inner } = slowStore(600);
    const store = guardStore(inner, 1000);
    const spender = withStoreBudget(async () => {
      await store.quotaUsed('a', '2026-05');
      return store.quotaUsed('a', '2026-05').catch((e: unknown) => e);
    });
    const other = withStoreBudget(async () => {
      await sleep(700);
      return store.quotaUsed('b', '2026-05');
    });
    expect(await spender).toBeInstanceOf(StoreUnavailableError);
    expect(await other).toBe(1);
  });

  it('does not give up on a call that has committed its change (its answer is the change, not a 503)', async () => {
    const inner = {
      kind: 'postgres',
      revokeApiKeys: async () => {
        await sleep(300);
        storeCallCommitted();
        await sleep(1200); // waiting for the other processes to apply it
        return 1;
      },
    } as unknown as Store;
    const store = guardStore(inner, 1000);
    expect(await withStoreBudget(() => store.revokeApiKeys('pk_x'))).toBe(1);
  });
});
