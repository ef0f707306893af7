/** Account creation shared by the admin command and tests: an account and its first key. */
import { randomUUID } from 'node:crypto';
import { issueApiKey } from './auth/api-keys.ts';
import type { Plan, Store } from './store/types.ts';

export async function createAccountWithKey(store: Store, name: string, plan: Plan): Promise<{ account_id: string; api_key: string }> {
  const account_id = `acct_${randomUUID()}`;
  await store.createAccount({ account_id, name, plan });
  return { account_id, api_key: await issueApiKey(store, account_id) };
}
