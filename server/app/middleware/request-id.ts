/**
 * Every request gets an id, echoed as X-Request-Id and in any error envelope, to tie logs to reports.
 * A well-formed incoming X-Request-Id (request-id-format.ts) is adopted, so a gateway's or client's id
 * follows the request through our logs; otherwise, or when the header is repeated, a UUID is made.
 *
 * Not an async function: nothing here waits, and the chain's own promise is the answer (an async
 * wrapper added a promise and a microtask per request). The header goes straight to res.setHeader,
 * which is where ctx.set ends: Koa's set wraps every call in arrays and a closure first, and nothing
 * has been sent yet at this point (its headerSent check).
 */
import { randomUUID } from 'node:crypto';
import type { AppMiddleware } from '../context.ts';
import { isWellFormedRequestId } from './request-id-format.ts';

export const assignRequestId: AppMiddleware = (ctx, next) => {
  const incoming = ctx.req.headers['x-request-id'];
  const requestId = isWellFormedRequestId(incoming) ? incoming : randomUUID();
  ctx.state.requestId = requestId;
  ctx.res.setHeader('X-Request-Id', requestId);
  return next();
};
