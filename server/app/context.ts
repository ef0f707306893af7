/** What the middleware chain records about a request in ctx.state, in the order it is learned. */
import type Koa from 'koa';
import type { Engine } from '../../engine/index.ts';
import type { AuthenticatedPrincipal } from './auth/api-keys.ts';

export interface RequestState {
  requestId: string;
  principal?: AuthenticatedPrincipal;
  idempotencyKey?: string;
  /** the rules and masters this request runs on, pinned when it reaches its route (a reload does not affect it) */
  engine?: Engine;
}

export type AppContext = Koa.ParameterizedContext<RequestState>;
export type AppMiddleware = Koa.Middleware<RequestState>;
