/**
 * Free-plan monthly quota on /v1/payroll/*, /v1/social-insurance/* and /v1/resident-tax/*: counts successful calculations only, and exactly.
 * The unit is counted after the calculation succeeded, with one atomic statement that refuses to pass
 * the limit (store reserveQuota). A failing call therefore never holds a unit, not even briefly: the
 * earlier "reserve, calculate, give back" left a window in which concurrent valid calls saw units
 * held by calls about to fail and got a false 402 (PostgreSQL, where the give-back is a round trip).
 * A cheap read first refuses a call when the month is already used up, so the 402 still comes before
 * the engine's own errors (decisions.md 3b) and no calculation is wasted in the common case.
 * Plans without a limit never touch the counter.
 */
import { ApiError } from '../errors/api-error.ts';
import type { Principal } from '../auth/api-keys.ts';
import type { Store } from '../store/types.ts';
import { tokyoMonth, tokyoMonthEnd } from './tokyo-month.ts';

export interface QuotaPolicy {
  freePlanMonthlyQuota: number;
}

export function monthlyLimitFor(principal: Principal, policy: QuotaPolicy): number | null {
  return principal.plan === 'free' ? policy.freePlanMonthlyQuota : null;
}

/** 402 quota_exceeded, saying when the quota resets (message, and Retry-After in seconds). */
function quotaExceeded(limit: number, month: string, now: Date): ApiError {
  const resetsAt = tokyoMonthEnd(month);
  const retryAfter = Math.max(1, Math.ceil((Date.parse(resetsAt) - now.getTime()) / 1000));
  return new ApiError('quota_exceeded', { params: { limit, month, resets_at: resetsAt }, headers: { 'Retry-After': String(retryAfter) } });
}

/** Runs `calculate` and counts it toward the quota if it succeeds; throws 402 quota_exceeded when none is left. */
export async function withQuota<T>(store: Store, principal: Principal, policy: QuotaPolicy, now: Date, calculate: () => T): Promise<T> {
  const limit = monthlyLimitFor(principal, policy);
  if (limit === null) return calculate();
  const month = tokyoMonth(now);
  if ((await store.quotaUsed(principal.account_id, month)) >= limit) throw quotaExceeded(limit, month, now);
  const result = calculate();
  // Concurrent calls may all pass the read above; the atomic count admits exactly the remaining ones.
  if (!(await store.reserveQuota(principal.account_id, month, limit))) throw quotaExceeded(limit, month, now);
  return result;
}
