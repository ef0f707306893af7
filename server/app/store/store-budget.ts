/**
 * One request's store budget: PAYROLL_STORE_TIMEOUT_MS is the longest a request waits on the store in
 * total, not per call. Every store call the request makes (key lookup, company lookup, quota, a PUT's
 * statements and its ROLLBACK, SQLite busy retries) draws on the same budget; time spent elsewhere
 * (reading the body, calculating) does not count, and calls that overlap count once.
 *
 * The budget lives in an AsyncLocalStorage scope opened per request (storeBudgetScope, app.ts), so the
 * store adapters need no extra parameter; a call made outside any request (the admin command, start-up)
 * gets a budget of its own, which bounds SQLite's busy retries and PostgreSQL's statements but is not cut
 * short: no client waits on it. When the guard gives up on a request's call it abandons the budget:
 * its signal aborts, and the PostgreSQL adapter destroys the connections that call holds (the server
 * rolls back what they held) so the pool gets its slots back at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export class StoreBudget {
  private spentMs = 0;
  private inFlight = 0;
  private since = 0;
  private readonly controller = new AbortController();
  private readonly committedListeners = new Set<() => void>();
  /** A call has committed (markCommitted): the rest of the request's statements get the full timeout. */
  committed = false;

  constructor(
    readonly totalMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Aborts once a call of this budget was given up on: what it still holds is to be let go. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** What is left, counting the call in progress (if any) up to now. */
  remainingMs(): number {
    const open = this.inFlight > 0 ? this.clock() - this.since : 0;
    return this.totalMs - this.spentMs - open;
  }

  /** Starts a wait on the store; the returned function ends it (idempotent). Overlapping waits count once. */
  begin(): () => void {
    if (this.inFlight++ === 0) this.since = this.clock();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.inFlight === 0) this.spentMs += this.clock() - this.since;
    };
  }

  /**
   * A call of this budget has committed its change: what is left of it (a PUT's or a revocation's wait
   * for the other processes to apply it, bounded by its own lease) is not to be given up on, or the
   * client would be told 503 for a change that is made.
   */
  markCommitted(): void {
    this.committed = true;
    for (const listener of [...this.committedListeners]) listener();
  }

  /** Calls `listener` at markCommitted; the returned function unregisters it. */
  onCommitted(listener: () => void): () => void {
    this.committedListeners.add(listener);
    return () => this.committedListeners.delete(listener);
  }

  abandon(reason: Error): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}

interface BudgetSlot {
  /** Made by the guard at the request's first store call, with the store's timeout. */
  budget?: StoreBudget;
}

const scope = new AsyncLocalStorage<BudgetSlot>();

/** Runs `work` (a request) with one store budget shared by every store call it makes. */
export function withStoreBudget<T>(work: () => T): T {
  return scope.run({}, work);
}

/** Koa middleware form of withStoreBudget. */
export function storeBudgetScope<C>(_ctx: C, next: () => Promise<unknown>): Promise<unknown> {
  return withStoreBudget(next);
}

/**
 * Runs `call` on the current request's budget (made with `totalMs` at its first call; inRequest true),
 * or, outside a request, on a budget of its own (inRequest false).
 */
export function onStoreBudget<T>(totalMs: number, call: (budget: StoreBudget, inRequest: boolean) => Promise<T>): Promise<T> {
  const slot = scope.getStore();
  if (slot) return call((slot.budget ??= new StoreBudget(totalMs)), true);
  const own: BudgetSlot = { budget: new StoreBudget(totalMs) };
  return scope.run(own, () => call(own.budget!, false));
}

/** The signal of the budget the current store call runs on (aborts when the call is given up on). */
export function storeCallSignal(): AbortSignal | undefined {
  return scope.getStore()?.budget?.signal;
}

/** Says the current store call has committed its change (StoreBudget.markCommitted). */
export function storeCallCommitted(): void {
  scope.getStore()?.budget?.markCommitted();
}

/** The current budget's remaining milliseconds, or undefined outside a store call or once a call committed. */
export function storeCallRemainingMs(): number | undefined {
  const budget = scope.getStore()?.budget;
  return budget && !budget.committed ? budget.remainingMs() : undefined;
}
