/** Every request gets a UUID, echoed as X-Request-Id and in any error envelope, to tie logs to reports. */
import { randomUUID } from 'node:crypto';
import type { AppMiddleware } from '../context.ts';

export const assignRequestId: AppMiddleware = async (ctx, next) => {
  ctx.state.requestId = randomUUID();
  ctx.set('X-Request-Id', ctx.state.requestId);
  await next();
};
