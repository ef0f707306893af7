/**
 * A short-lived positive cache whose entries are trusted only while their account's cache generation
 * (a counter in the store's accounts row, bumped in the same transaction as every key revocation and
 * profile PUT) is unchanged. The check is one primary-key read, cheaper than what it replaces (the key
 * join and hash check, or the company row and its profile versions), and it is what makes a revocation
 * or PUT in one process effective at once in every other process on the same store: no process
 * answers from its cache without reading the current generation first. The TTL (PAYROLL_CACHE_TTL_SECONDS)
 * only bounds memory; negative answers (unknown key, unknown company) are never cached.
 */
import { LRUCache } from 'lru-cache';

export const DEFAULT_CACHE_TTL_SECONDS = 60;
const MAX_ENTRIES = 10_000;

interface Entry<V> {
  value: V;
  generation: number;
}

export interface GenerationCache<V extends object> {
  /** The cached value whatever its generation: only to learn which generation to read. */
  peek(key: string): V | undefined;
  /** The cached value if its generation is still `current`. */
  get(key: string, current: number): V | undefined;
  set(key: string, value: V, generation: number): void;
}

export function createGenerationCache<V extends object>(ttlSeconds: number = DEFAULT_CACHE_TTL_SECONDS): GenerationCache<V> {
  if (ttlSeconds <= 0) return { peek: () => undefined, get: () => undefined, set: () => {} };
  const entries = new LRUCache<string, Entry<V>>({ max: MAX_ENTRIES, ttl: ttlSeconds * 1000 });
  return {
    peek: (key) => entries.get(key)?.value,
    get(key, current) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.generation === current) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, generation) {
      entries.set(key, { value, generation });
    },
  };
}
