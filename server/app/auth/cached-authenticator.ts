/**
 * Authentication with a positive cache (store/generation-cache.ts): a key seen valid is remembered
 * under its SHA-256 hash with its account's cache generation; the next request with it reads only
 * that generation (one primary-key read) instead of the key rows. Revoking a key bumps the generation
 * in the same transaction, so the revocation holds at once in every process on the store. Unknown and
 * revoked keys are never cached: they always go to the store (and are rate limited by address).
 */
import { createGenerationCache } from '../store/generation-cache.ts';
import type { Store } from '../store/types.ts';
import { findPresentedKey, hashApiKey, keyPrefixOf, type AuthenticatedPrincipal, type Principal } from './api-keys.ts';

export type Authenticator = (presented: string | undefined) => Promise<AuthenticatedPrincipal | null>;

export function createCachedAuthenticator(store: Store, ttlSeconds?: number): Authenticator {
  const cache = createGenerationCache<Principal>(ttlSeconds);
  return async (presented) => {
    if (!presented || !keyPrefixOf(presented)) return null;
    const hash = hashApiKey(presented);
    const cached = cache.peek(hash);
    if (cached) {
      const generation = await store.accountGeneration(cached.account_id);
      const hit = generation === null ? undefined : cache.get(hash, generation);
      if (hit) return { ...hit, cache_generation: generation! };
    }
    const key = await findPresentedKey(store, presented);
    if (!key || key.revoked_at) return null;
    const principal = { account_id: key.account_id, plan: key.plan };
    cache.set(hash, principal, key.cache_generation);
    return { ...principal, cache_generation: key.cache_generation };
  };
}
