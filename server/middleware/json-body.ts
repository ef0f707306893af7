/**
 * Body handling of POST and PUT: Content-Type must be application/json (415), the body at most
 * PAYROLL_MAX_BODY_BYTES (413), and valid JSON (400). Any JSON value is accepted here so that a body
 * of the wrong type ([] or "x") is reported by the schema as invalid_type rather than as broken JSON.
 */
import bodyParser from 'koa-bodyparser';
import { ApiError } from '../errors/api-error.ts';
import type { AppMiddleware } from '../context.ts';

export function jsonBody(maxBodyBytes: number): AppMiddleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: String(maxBodyBytes), strict: false }) as unknown as AppMiddleware;
  return async (ctx, next) => {
    if (!ctx.is('application/json')) throw new ApiError('unsupported_media_type');
    await parse(ctx, next);
  };
}
