/**
 * Every request gets an id, echoed as X-Request-Id and in any error envelope, to tie logs to reports.
 * A well-formed incoming X-Request-Id (request-id-format.ts) is adopted, so a gateway's or client's id
 * follows the request through our logs; otherwise, or when the header is repeated, a UUID is made.
 */
import { randomUUID } from 'node:crypto';
import type { AppMiddleware } from '../context.ts';
import { isWellFormedRequestId } from './request-id-format.ts';

export const assignRequestId: AppMiddleware = async (ctx, next) => {
  const incoming = ctx.req.headers['x-request-id'];
  ctx.state.requestId = isWellFormedRequestId(incoming) ? incoming : randomUUID();
  ctx.set('X-Request-Id', ctx.state.requestId);
  await next();
};
