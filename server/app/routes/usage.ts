/**
 * GET /v1/usage: the key's plan, this month's counted calculations and when the count resets, so an
 * integrator can show the quota before a 402 happens. A read only: it never counts toward the quota.
 */
import type Router from '@koa/router';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext } from '../context.ts';
import { monthlyLimitFor } from '../quota/quota.ts';
import { tokyoMonth, tokyoMonthEnd } from '../quota/tokyo-month.ts';

const USAGE_PATH = '/v1/usage';

export function registerUsageRoute(router: Router, deps: AppDeps): void {
  router.get(USAGE_PATH, async (ctx) => {
    const principal = (ctx as AppContext).state.principal!;
    const month = tokyoMonth(deps.now?.() ?? new Date());
    const limit = monthlyLimitFor(principal, deps.config);
    const used = limit === null ? null : await deps.store.quotaUsed(principal.account_id, month);
    ctx.body = {
      account_id: principal.account_id,
      plan: principal.plan,
      month,
      used,
      limit,
      remaining: limit === null || used === null ? null : Math.max(0, limit - used),
      resets_at: tokyoMonthEnd(month),
    };
  });
}
