/**
 * API keys: `pay_<12 hex prefix>_<43 chars of base64url secret>`, 48 random bytes in all.
 * Only the SHA-256 hash is stored. A fast hash is right here, unlike for passwords: the key carries
 * 256 bits of entropy from crypto.randomBytes, so no guessing attack benefits from a slow hash.
 * The public prefix finds the candidate rows; the hashes are then compared in constant time.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Plan, Store, StoredApiKey } from '../store/types.ts';

const KEY_PATTERN = /^(pay_[0-9a-f]{12})_[A-Za-z0-9_-]{43}$/;

export interface IssuedKey {
  api_key: string;
  key_prefix: string;
  key_hash: string;
}

export function hashApiKey(apiKey: string): string {
  // one-shot crypto.hash (a string is hashed as its UTF-8): half the cost of createHash().update().digest() per request
  return hash('sha256', apiKey, 'hex');
}

export function generateApiKey(): IssuedKey {
  const key_prefix = `pay_${randomBytes(6).toString('hex')}`;
  const api_key = `${key_prefix}_${randomBytes(32).toString('base64url')}`;
  return { api_key, key_prefix, key_hash: hashApiKey(api_key) };
}

/** The prefix part of a well-formed key, or null for anything that cannot be a key of ours. */
export function keyPrefixOf(apiKey: string): string | null {
  return KEY_PATTERN.exec(apiKey)?.[1] ?? null;
}

export async function issueApiKey(store: Store, accountId: string): Promise<string> {
  const key = generateApiKey();
  await store.insertApiKey({ key_prefix: key.key_prefix, key_hash: key.key_hash, account_id: accountId });
  return key.api_key;
}

export interface Principal {
  account_id: string;
  plan: Plan;
}

/**
 * A principal as the key check found it for one request, with the account's cache generation it was
 * checked against: later lookups of the same request (the company profile) trust their caches against
 * this one read instead of reading the generation again (store/company-cache.ts says why that is safe).
 */
export interface AuthenticatedPrincipal extends Principal {
  cache_generation: number;
}

/** The stored row of a presented key (revoked or not), or null when it is missing or unknown. */
export async function findPresentedKey(store: Store, presented: string | undefined): Promise<StoredApiKey | null> {
  if (!presented) return null;
  const prefix = keyPrefixOf(presented);
  if (!prefix) return null;
  const presentedHash = Buffer.from(hashApiKey(presented), 'hex');
  for (const candidate of await store.findApiKeysByPrefix(prefix)) {
    const storedHash = Buffer.from(candidate.key_hash, 'hex');
    if (storedHash.length === presentedHash.length && timingSafeEqual(storedHash, presentedHash)) return candidate;
  }
  return null;
}

/** The account a presented key belongs to, or null when it is missing, unknown or revoked. */
export async function authenticate(store: Store, presented: string | undefined): Promise<Principal | null> {
  const key = await findPresentedKey(store, presented);
  return key && !key.revoked_at ? { account_id: key.account_id, plan: key.plan } : null;
}
