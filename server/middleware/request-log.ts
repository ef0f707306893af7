/**
 * Exactly one structured log line per request. Only routing facts go in: never a body, never the API
 * key, never employee data (decisions.md 4); the route is the pattern, not the concrete path.
 */
import type { Logger } from 'pino';
import type { AppMiddleware } from '../context.ts';

export function logRequests(logger: Logger): AppMiddleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const matched = (ctx as unknown as { _matchedRoute?: string })._matchedRoute;
      logger.info(
        {
          request_id: ctx.state.requestId,
          account_id: ctx.state.principal?.account_id ?? null,
          method: ctx.method,
          // Router patterns escape the literal colon of "monthly:calculate"; log it as clients see it.
          route: typeof matched === 'string' ? matched.replace(/\\:/g, ':') : null,
          status: ctx.status,
          latency_ms: Number((Number(process.hrtime.bigint() - started) / 1e6).toFixed(3)),
          idempotency_key: ctx.state.idempotencyKey ?? null,
        },
        'request',
      );
    }
  };
}
