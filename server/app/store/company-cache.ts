/**
 * The store as the routes see it: findCompany answers from a generation-checked cache
 * (generation-cache.ts), so a calculation reads one accounts row instead of the company and its
 * profile versions. The generation is read before the company is loaded, so a PUT that commits in
 * between can only make the cached entry older than the account's generation (a later miss), never
 * a stale entry that looks current.
 */
import { createGenerationCache } from './generation-cache.ts';
import type { Company, Store } from './types.ts';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function withCompanyCache(store: Store, ttlSeconds?: number): Store {
  const cache = createGenerationCache<Company>(ttlSeconds);
  // Every other method is the store's own, through the prototype chain (whatever kind of object it is).
  const cached: Store = Object.create(store);
  return Object.assign(cached, {
    async findCompany(accountId: string, companyId: string, knownGeneration?: number) {
      // The key check of this request read the generation already (one read per request, not two):
      // it was read before the company is loaded here too, which is all the paragraph above needs.
      const generation = knownGeneration ?? (await store.accountGeneration(accountId));
      if (generation === null) return null;
      const key = `${accountId}\u0000${companyId}`;
      const hit = cache.get(key, generation);
      if (hit) return hit;
      const company = await store.findCompany(accountId, companyId);
      // Frozen: one cached object serves many requests, so a mutation must fail loudly, not leak into the next.
      if (company) cache.set(key, deepFreeze(company), generation);
      return company;
    },
  } satisfies Pick<Store, 'findCompany'>);
}
