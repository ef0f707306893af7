/**
 * X-API-Key on every endpoint (401 unauthorized), then the per-account rate limit (429). A request
 * without a valid key is rate limited by client address before it gets its 401, so guessing keys is
 * throttled like any other traffic. Every answer from here on carries RateLimit-Limit,
 * RateLimit-Remaining and RateLimit-Reset (IETF draft names) for the bucket that was charged; a 429
 * adds Retry-After.
 */
import type { Authenticator } from '../auth/cached-authenticator.ts';
import { ApiError } from '../errors/api-error.ts';
import type { AppContext, AppMiddleware } from '../context.ts';
import { requestPoints, type RateLimitDecision, type RateLimiter } from '../rate-limit/limiter.ts';

/**
 * The bytes of the body the request will have parsed, as it declares them (0 without a Content-Length:
 * charged once read, json-body.ts). A body declared longer than the limit is refused (413) before it is
 * read, so it costs what a request without a body costs.
 */
function declaredBytes(ctx: AppContext, maxBodyBytes: number): number {
  const declared = Number(ctx.req.headers['content-length']);
  return Number.isSafeInteger(declared) && declared > 0 && declared <= maxBodyBytes ? declared : 0;
}

/** Charges the key these points and reports the bucket in the RateLimit-* headers; the decision, allowed or not. */
async function charge(ctx: AppContext, limiter: RateLimiter, key: string, points: number): Promise<RateLimitDecision> {
  const decision = await limiter.consume(key, points);
  // res.setHeader is where ctx.set ends (Koa's set first wraps each call in arrays and a closure);
  // nothing has been sent yet at this point, which is all its headerSent check is for.
  const res = ctx.res;
  res.setHeader('RateLimit-Limit', String(decision.limit));
  res.setHeader('RateLimit-Remaining', String(decision.remaining));
  res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
  return decision;
}

function refuse(decision: RateLimitDecision): void {
  if (decision.allowed) return;
  const retryAfter = String(decision.resetSeconds);
  throw new ApiError('rate_limit_exceeded', { params: { retry_after: retryAfter }, headers: { 'Retry-After': retryAfter } });
}

/**
 * What one request spends: its key check, its body's bytes and a store write are charged as they are
 * learned, and together cost at most the window's limit (ADR 0106), so that every request can pass in an
 * empty window. A charge the request cannot pay throws the 429.
 */
function requestMeter(ctx: AppContext, limiter: RateLimiter, key: string): (points: number) => Promise<void> {
  let charged = 0;
  let limit = Number.POSITIVE_INFINITY;
  return async (points) => {
    const units = Math.min(points, limit - charged);
    if (units <= 0) return;
    const decision = await charge(ctx, limiter, key, units);
    limit = decision.limit;
    charged += Math.min(units, limit);
    refuse(decision);
  };
}

export function authenticateAndLimit(authenticate: Authenticator, limiter: RateLimiter, maxBodyBytes: number): AppMiddleware {
  return async (ctx, next) => {
    const principal = await authenticate(ctx.get('X-API-Key') || undefined);
    if (!principal) {
      // the 401 is answered before the body is read: one point, whatever its length
      refuse(await charge(ctx, limiter, `ip:${ctx.ip}`, 1));
      throw new ApiError('unauthorized');
    }
    ctx.state.principal = principal;
    const key = `account:${principal.account_id}`;
    const meter = requestMeter(ctx, limiter, key);
    let bodyPoints = requestPoints(declaredBytes(ctx, maxBodyBytes));
    await meter(bodyPoints);
    // A body longer than declared (chunked, or compressed: its decoded bytes count) pays the rest once read.
    ctx.state.chargeBody = async (bytes) => {
      const owed = requestPoints(bytes) - bodyPoints;
      if (owed <= 0) return;
      bodyPoints += owed;
      await meter(owed);
    };
    ctx.state.charge = meter;
    // a batch's items after its first, each charged like a request of its own (routes/batch-calculations.ts)
    ctx.state.chargeOneMore = () => charge(ctx, limiter, key, 1);
    await next();
  };
}
