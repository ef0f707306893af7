/**
 * Turns anything thrown while handling a request into an ApiError: our own errors pass through,
 * engine errors map by their stable code, body-parser and router errors by status. Anything else is
 * an internal error whose message never reaches the client.
 */
import { EngineError } from '../../../engine/index.ts';
import { ClientAbortedError } from '../http/client-aborted.ts';
import { StoreTextError, StoreUnavailableError } from '../store/errors.ts';
import { ApiError } from './api-error.ts';
import { isErrorCode } from './registry.ts';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  limit?: number;
}

/** Seconds a client should wait after a store fault: the store timeout has already been waited once. */
const STORE_RETRY_AFTER_SECONDS = 1;

function storeUnavailable(): ApiError {
  const retryAfter = String(STORE_RETRY_AFTER_SECONDS);
  return new ApiError('store_unavailable', { params: { retry_after: retryAfter }, headers: { 'Retry-After': retryAfter } });
}

const CLIENT_ABORT_MESSAGE = 'The request body was cut short: the client closed the connection.';

/** Our own abort, or raw-body's words for a request stream the client already closed. */
export function isClientAbort(err: unknown): boolean {
  const type = (err as HttpLikeError | null)?.type;
  return err instanceof ClientAbortedError || type === 'request.aborted' || type === 'stream.not.readable';
}

export function toApiError(err: unknown, maxBodyBytes: number): { error: ApiError; internal: boolean } {
  if (err instanceof ApiError) return { error: err, internal: false };
  if (isClientAbort(err)) return { error: new ApiError('bad_request', { message: CLIENT_ABORT_MESSAGE }), internal: false };
  // Logged like an internal fault (name and stack, never the message): operators must see store outages.
  if (err instanceof StoreUnavailableError) return { error: storeUnavailable(), internal: true };
  if (err instanceof StoreTextError) {
    const details = [
      { path: [err.field], code: 'invalid_value', message: `${err.field} must be valid Unicode text without NUL characters.` },
    ];
    return { error: new ApiError('validation_error', { details }), internal: false };
  }
  if (err instanceof EngineError) {
    if (isErrorCode(err.code)) {
      // Engine messages are written for the caller (they name the table or field that is missing).
      return {
        error: new ApiError(err.code, { message: err.message, details: err.code === 'validation_error' ? (err.details ?? []) : undefined }),
        internal: false,
      };
    }
    return { error: new ApiError('internal_error'), internal: true };
  }
  const e = (err ?? {}) as HttpLikeError;
  const status = e.status ?? e.statusCode;
  if (status === 413 || e.type === 'entity.too.large')
    return { error: new ApiError('payload_too_large', { params: { limit: e.limit ?? maxBodyBytes } }), internal: false };
  if (status === 415) return { error: new ApiError('unsupported_media_type'), internal: false };
  // Broken JSON: http/read-json-body.ts throws malformed_json itself; a SyntaxError with status 400 is the body parsers' convention for it.
  if (e.type === 'entity.parse.failed' || (status === 400 && err instanceof SyntaxError))
    return { error: new ApiError('malformed_json'), internal: false };
  if (typeof status === 'number' && status >= 400 && status < 500) return { error: new ApiError('bad_request'), internal: false };
  return { error: new ApiError('internal_error'), internal: true };
}
