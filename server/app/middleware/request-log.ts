/**
 * Exactly one structured log line per request. Only routing facts go in: never a body, never the API
 * key, never employee data (decisions.md 4); the route is the pattern, not the concrete path, also for
 * requests refused before routing (401, 429), so refusals can be counted per endpoint.
 *
 * Kept as our own Koa middleware rather than pino-http: the facts of the line (route pattern, account,
 * Idempotency-Key) live on the Koa context, which pino-http (written for bare req/res) cannot see, and
 * pino-http logs request and response headers by default, X-API-Key included, so safety would rest on
 * switching each default off. This is one pino call.
 */
import type { Logger } from 'pino';
import type { AppContext, AppMiddleware } from '../context.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** The route pattern a path and method would reach, or null (no such endpoint). */
export type RouteOf = (path: string, method: string) => string | null;

/** The log line's facts go to the metrics too (metrics/metrics.ts): the same route, status and latency. */
export function logRequests(logger: Logger, routeOf: RouteOf, metrics: Metrics): AppMiddleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const route = routeLabel(ctx, routeOf);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      metrics.observeRequest(route, ctx.method, ctx.status, ms / 1e3);
      // Below info (the bench runs at warn) the line would be dropped: skip building it.
      if (logger.isLevelEnabled('info')) logLine(logger, ctx, route, ms);
    }
  };
}

/** The route pattern as clients see it: router patterns escape the literal colon of "monthly:calculate". */
function routeLabel(ctx: AppContext, routeOf: RouteOf): string | null {
  const matched = (ctx as unknown as { _matchedRoute?: string })._matchedRoute;
  const route = typeof matched === 'string' ? matched : routeOf(ctx.path, ctx.method);
  return route === null ? null : route.replace(/\\:/g, ':');
}

function logLine(logger: Logger, ctx: AppContext, route: string | null, ms: number): void {
  logger.info(
    {
      request_id: ctx.state.requestId,
      account_id: ctx.state.principal?.account_id ?? null,
      method: ctx.method,
      route,
      status: ctx.status,
      latency_ms: Number(ms.toFixed(3)),
      idempotency_key: ctx.state.idempotencyKey ?? null,
    },
    'request',
  );
}
