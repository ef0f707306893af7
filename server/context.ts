/** What the middleware chain records about a request in ctx.state, in the order it is learned. */
import type Koa from 'koa';
import type { Principal } from './auth/api-keys.ts';

export interface RequestState {
  requestId: string;
  principal?: Principal;
  idempotencyKey?: string;
}

export type AppContext = Koa.ParameterizedContext<RequestState>;
export type AppMiddleware = Koa.Middleware<RequestState>;
