/**
 * accountGeneration without a store round trip per request where the store has a change feed
 * (PostgreSQL LISTEN/NOTIFY, store/pg-change-feed.ts): the generation read once is kept, and replaced
 * by the one each notice carries. The key and profile caches (generation-cache.ts) check their entries
 * against it exactly as before, so a revocation, plan change or PUT committed in any process on any
 * machine reaches them as soon as its notice arrives, not after a TTL.
 *
 * Why a kept generation is never older than a notice already received:
 * - generations only grow, and a notice sets max(kept, notified) even for an account not kept yet, so
 *   a read that started before a change and finishes after its notice cannot put the older value back;
 * - a read is kept only if the feed was live when it started and its epoch has not changed since, and
 *   every change of epoch (connection lost, listening again) forgets everything: nothing read across a
 *   gap in which notices could be missed survives it;
 * - while the feed is not live (not yet listening, reconnecting, silent past its lease) every call reads
 *   the store, as a store without a feed always does.
 */
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed.ts';
import type { Store } from './types.ts';

const MAX_ACCOUNTS = 100_000;

export interface WatchedStore {
  store: Store;
  /** Settles when the feed is listening or has failed to (start-up waits for it, bounded). */
  ready: Promise<void>;
  close(): void;
}

export function watchGenerations(store: Store): WatchedStore {
  const feed: ChangeFeed | null = store.changeFeed();
  if (!feed) return { store, ready: Promise.resolve(), close: () => {} };
  const generations = new LRUCache<string, number>({ max: MAX_ACCOUNTS });
  const keep = (accountId: string, generation: number) =>
    generations.set(accountId, Math.max(generation, generations.get(accountId) ?? Number.NEGATIVE_INFINITY));
  const unsubscribe = feed.subscribe({
    change: ({ accountId, generation }) => keep(accountId, generation),
    reset: () => generations.clear(),
  });
  // Every other method is the store's own, through the prototype chain.
  const watched: Store = Object.assign(Object.create(store) as Store, {
    async accountGeneration(accountId: string) {
      if (!feed.live()) return store.accountGeneration(accountId);
      const kept = generations.get(accountId);
      if (kept !== undefined) return kept;
      const epoch = feed.epoch();
      const generation = await store.accountGeneration(accountId);
      // null (no such account) is not kept: an unknown account must be looked up each time.
      if (generation !== null && feed.epoch() === epoch) keep(accountId, generation);
      return generation;
    },
  } satisfies Pick<Store, 'accountGeneration'>);
  return { store: watched, ready: feed.ready, close: unsubscribe };
}
