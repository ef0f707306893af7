/**
 * Every error leaves in one envelope: { error: { code, message, request_id, details?, details_omitted? } },
 * status from the error registry. details lists at most MAX_DETAILS problems; details_omitted counts the
 * rest, so no request can make a 422 grow with its body. Internal errors are logged (name and stack
 * frames; the message only of an EngineFault, which names the failing rule with every value masked:
 * other messages can carry input
 * values) and answered with a generic message.
 */
import type { Logger } from 'pino';
import { ApiError } from '../errors/api-error.ts';
import { EngineFault } from '../../../engine/index.ts';
import { errorEnvelopeBody } from '../errors/envelope-body.ts';
import { isClientAbort, toApiError } from '../errors/to-api-error.ts';
import { lingerBeforeClose } from '../http/lingering-close.ts';
import type { AppContext, AppMiddleware } from '../context.ts';

function sendError(ctx: AppContext, error: ApiError): void {
  // A refusal before the body has all arrived (too large, a bad key): should the answer close the
  // connection, the client still sending must read it rather than a reset.
  if (!ctx.req.complete) lingerBeforeClose(ctx.req);
  ctx.status = error.status;
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
  ctx.body = errorEnvelopeBody(error, ctx.state.requestId);
}

export function errorEnvelope(logger: Logger, maxBodyBytes: number): AppMiddleware {
  return async (ctx, next) => {
    try {
      await next();
      // The router leaves an empty 404 (no route) or 405/501 (route without this method, Allow set).
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) throw new ApiError('route_not_found');
        if (ctx.status === 405 || ctx.status === 501) throw new ApiError('method_not_allowed');
      }
    } catch (err) {
      const { error, internal } = toApiError(err, maxBodyBytes);
      // Nothing failed here and nobody reads the answer: an operator sees it, but is not paged for it.
      if (isClientAbort(err)) logger.info({ request_id: ctx.state.requestId }, 'client aborted the request');
      if (internal) {
        const stack = err instanceof Error && err.stack ? err.stack.split('\n').slice(1).join('\n') : undefined;
        logger.error(
          {
            request_id: ctx.state.requestId,
            err_name: err instanceof Error ? err.name : typeof err,
            ...(err instanceof EngineFault ? { err_message: err.message } : {}),
            stack,
          },
          'internal error',
        );
      }
      sendError(ctx, error);
    }
  };
}
