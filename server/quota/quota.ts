/**
 * Free-plan monthly quota on /v1/payroll/*: counts successful calculations only. A unit is reserved
 * atomically before calculating (so concurrent requests never pass the limit) and given back when the
 * calculation fails. Plans without a limit never touch the counter.
 */
import { ApiError } from '../errors/api-error.ts';
import type { Principal } from '../auth/api-keys.ts';
import type { Store } from '../store/types.ts';
import { tokyoMonth } from './tokyo-month.ts';

export interface QuotaPolicy {
  freePlanMonthlyQuota: number;
}

export function monthlyLimitFor(principal: Principal, policy: QuotaPolicy): number | null {
  return principal.plan === 'free' ? policy.freePlanMonthlyQuota : null;
}

/** Runs `calculate` inside a quota reservation; throws 402 quota_exceeded when none is left. */
export async function withQuota<T>(store: Store, principal: Principal, policy: QuotaPolicy, now: Date, calculate: () => T): Promise<T> {
  const limit = monthlyLimitFor(principal, policy);
  if (limit === null) return calculate();
  const month = tokyoMonth(now);
  if (!(await store.reserveQuota(principal.account_id, month, limit))) {
    throw new ApiError('quota_exceeded', { params: { limit, month } });
  }
  try {
    return calculate();
  } catch (err) {
    await store.releaseQuota(principal.account_id, month);
    throw err;
  }
}
