/**
 * A shared fixed-window limit that does not write the shared store per request: each process claims
 * points from the key's shared window in batches (one atomic statement per claim, postgres-claims.ts)
 * and spends them locally. Why the limit stays honest across processes and machines:
 * - a claim is granted only what is left in the window (min(want, limit - used), atomically), so the
 *   points given out in one window never exceed the limit, however many processes claim;
 * - the window and its end are the shared row's, timed by the database's clock, so every process on
 *   every machine counts the same window whatever its own clock says;
 * - a claim that gets less than it asked for has emptied the window: the process refuses locally until
 *   the window ends (a fixed window never refills early) instead of asking again.
 * What it costs: points a process claimed but did not spend are lost for the window, so a key can be
 * refused up to (processes - 1) x (largest batch - 1) points early; never admitted past the limit. The
 * batch doubles with each claim up to a tenth of the limit, and starts each window at half of what
 * this process spent in the last one (at least 1): a slow caller spends exactly (one claim per
 * request), a steady fast one claims about twice a window. A request may cost several points (limiter.ts,
 * by the bytes of its body): it is admitted only when this process holds them all, claiming what it lacks.
 */
import { LRUCache } from 'lru-cache';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { PointLimiter } from './insured.ts';

/** What a claim got from the shared window of `key`. */
export interface WindowClaim {
  /** Points given to this claim (0 when the window was already spent). */
  granted: number;
  /** Points given out in the window so far, this claim included. */
  used: number;
  /** Milliseconds until the window ends. */
  msLeft: number;
  /** Identifies the window (its end on the shared clock): a different one means the last one is over. */
  windowId: number;
}

export type ClaimPoints = (key: string, want: number, limit: number, durationMs: number) => Promise<WindowClaim>;

interface KeyState {
  windowId: number;
  /** Local clock (ms) at which the shared window ends. */
  windowEnd: number;
  /** Claimed and not yet spent. */
  held: number;
  /** The shared window's used points at the last claim. */
  used: number;
  /** A claim got less than it asked for: nothing is left in this window. */
  spent: boolean;
  nextBatch: number;
  /** Points this process spent in the window: half of it is the next window's first batch. */
  spentHere: number;
  claiming: Promise<void> | null;
}

const MAX_KEYS = 100_000;

/**
 * join: how a request waits for the claim in flight (it may be another request's); the store's bounds
 * it by the waiting request's own store budget (store/guarded-store.ts).
 */
export function createLeasedLimiter(
  claim: ClaimPoints,
  keyPrefix: string,
  points: number,
  durationSeconds: number,
  join: (shared: Promise<void>) => Promise<void> = (shared) => shared,
): PointLimiter {
  const durationMs = durationSeconds * 1000;
  const maxBatch = Math.max(1, Math.floor(points / 10));
  const states = new LRUCache<string, KeyState>({ max: MAX_KEYS });

  function current(key: string, now: number): KeyState {
    const state = states.get(key);
    if (state && (now < state.windowEnd || state.claiming)) return state;
    const firstBatch = Math.min(maxBatch, Math.max(1, Math.floor((state?.spentHere ?? 0) / 2)));
    const fresh: KeyState = {
      windowId: Number.NaN,
      windowEnd: 0,
      held: 0,
      used: 0,
      spent: false,
      nextBatch: firstBatch,
      spentHere: 0,
      claiming: null,
    };
    states.set(key, fresh);
    return fresh;
  }

  async function claimFor(key: string, state: KeyState, needed: number): Promise<void> {
    // a request that costs more than a batch claims what it lacks in one claim
    const want = Math.max(state.nextBatch, needed - state.held);
    const got = await claim(`${keyPrefix}:${key}`, want, points, durationMs);
    // Points held from an earlier window are not carried into a new one.
    if (got.windowId !== state.windowId) state.held = 0;
    state.windowId = got.windowId;
    state.windowEnd = Date.now() + got.msLeft;
    state.held += got.granted;
    state.used = got.used;
    state.spent = got.granted < want;
    state.nextBatch = Math.min(maxBatch, want * 2);
  }

  return {
    async consume(rawKey: string | number, rawPoints?: number) {
      const key = String(rawKey);
      const cost = Math.max(1, Math.floor(rawPoints ?? 1));
      for (;;) {
        const now = Date.now();
        const state = current(key, now);
        if (now < state.windowEnd && state.held >= cost) {
          state.held -= cost;
          state.spentHere += cost;
          // Remaining: what the window had left at the last claim, plus what this process still holds.
          return new RateLimiterRes(Math.max(0, points - state.used + state.held), state.windowEnd - now, state.used - state.held, false);
        }
        if (now < state.windowEnd && state.spent && !state.claiming) throw new RateLimiterRes(0, state.windowEnd - now, points, false);
        // One claim at a time per key in this process; concurrent requests wait for it, then take from it.
        if (!state.claiming) {
          state.claiming = claimFor(key, state, cost).finally(() => (state.claiming = null));
          // A waiter's join may give up before the claim settles: its later failure then has no
          // waiter left, and must not become an unhandled rejection.
          state.claiming.catch(() => {});
        }
        await join(state.claiming);
      }
    },
  } as PointLimiter;
}
