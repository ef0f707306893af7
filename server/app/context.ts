/** What the middleware chain records about a request in ctx.state, in the order it is learned. */
import type Koa from 'koa';
import type { Engine } from '../../engine/index.ts';
import type { AuthenticatedPrincipal } from './auth/api-keys.ts';
import type { RateLimitDecision } from './rate-limit/limiter.ts';

export interface RequestState {
  requestId: string;
  principal?: AuthenticatedPrincipal;
  /**
   * Charges the account's rate limit for a body of this many decoded bytes, beyond what its
   * Content-Length was charged (authenticate.ts); throws the 429 when the points are not there.
   */
  chargeBody?: (bytes: number) => Promise<void>;
  /**
   * Charges the account's rate limit this many more points (a store write), the request's charges
   * together at most the window's limit; throws the 429 when they are not there.
   */
  charge?: (points: number) => Promise<void>;
  /** Charges the account's rate limit once more (the RateLimit-* headers follow), for a batch's further items. */
  chargeOneMore?: () => Promise<RateLimitDecision>;
  idempotencyKey?: string;
  /** the rules and masters this request runs on, pinned when it reaches its route (a reload does not affect it) */
  engine?: Engine;
}

export type AppContext = Koa.ParameterizedContext<RequestState>;
export type AppMiddleware = Koa.Middleware<RequestState>;
