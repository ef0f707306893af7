/**
 * X-API-Key on every endpoint (401 unauthorized), then the per-account rate limit (429). A request
 * without a valid key is rate limited by client address before it gets its 401, so guessing keys is
 * throttled like any other traffic.
 */
import { authenticate } from '../auth/api-keys.ts';
import { ApiError } from '../errors/api-error.ts';
import type { AppContext, AppMiddleware } from '../context.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import type { Store } from '../store/types.ts';

async function enforceRateLimit(ctx: AppContext, limiter: RateLimiter, key: string): Promise<void> {
  const decision = await limiter.consume(key);
  if (!decision.allowed) {
    const retryAfter = String(decision.retryAfterSeconds);
    throw new ApiError('rate_limit_exceeded', { params: { retry_after: retryAfter }, headers: { 'Retry-After': retryAfter } });
  }
}

export function authenticateAndLimit(store: Store, limiter: RateLimiter): AppMiddleware {
  return async (ctx, next) => {
    const principal = await authenticate(store, ctx.get('X-API-Key') || undefined);
    if (!principal) {
      await enforceRateLimit(ctx, limiter, `ip:${ctx.ip}`);
      throw new ApiError('unauthorized');
    }
    ctx.state.principal = principal;
    await enforceRateLimit(ctx, limiter, `account:${principal.account_id}`);
    await next();
  };
}
