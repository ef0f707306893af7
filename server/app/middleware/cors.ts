/**
 * CORS for browser clients, off unless PAYROLL_CORS_ORIGINS lists origins (a server-to-server API
 * should not be callable from any web page by default). @koa/cors does the protocol: it answers a
 * preflight (OPTIONS with Access-Control-Request-Method) from an allowed origin with 204 before the
 * key check (browsers never send X-API-Key on a preflight), and marks actual responses, errors
 * included, so scripts may read the rate-limit and request-id headers. No credentials: the key is a
 * header, not a cookie.
 */
import cors from '@koa/cors';
import type { AppMiddleware } from '../context.ts';

const CORS_EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Link'];
const CORS_ALLOWED_HEADERS = ['X-API-Key', 'Content-Type', 'Content-Encoding', 'Idempotency-Key', 'X-Request-Id'];

/**
 * The CORS headers the app puts on an actual (non-preflight) answer to a request from `origin`, for the
 * answers written outside Koa (the HTTP layer's refusals, the drain's 503): empty when CORS is off or the
 * origin is not listed (or unknown: the request's headers could not be read).
 */
export function corsHeadersFor(origins: readonly string[] | undefined, origin: string | undefined): Record<string, string> {
  if (!origins || origins.length === 0) return {};
  const allow = origins.includes('*') ? '*' : origin !== undefined && origins.includes(origin) ? origin : '';
  // Vary as @koa/cors sends it: the answer depends on Origin, whatever it was.
  if (allow === '') return { Vary: 'Origin' };
  return { Vary: 'Origin', 'Access-Control-Allow-Origin': allow, 'Access-Control-Expose-Headers': CORS_EXPOSED_HEADERS.join(',') };
}

/** null when no origin is allowed: then no CORS header is ever sent and OPTIONS is an ordinary request. */
export function corsMiddleware(origins: readonly string[] | undefined): AppMiddleware | null {
  if (!origins || origins.length === 0) return null;
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins);
  return cors({
    // '' = not allowed: @koa/cors then sets no header and the browser keeps the response from the page.
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      return anyOrigin ? '*' : allowed.has(origin) ? origin : '';
    },
    allowMethods: ['GET', 'PUT', 'POST'],
    allowHeaders: CORS_ALLOWED_HEADERS,
    exposeHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
  }) as unknown as AppMiddleware;
}
