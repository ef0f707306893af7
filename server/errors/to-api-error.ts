/**
 * Turns anything thrown while handling a request into an ApiError: our own errors pass through,
 * engine errors map by their stable code, body-parser and router errors by status. Anything else is
 * an internal error whose message never reaches the client.
 */
import { EngineError } from '../../engine/index.ts';
import { ApiError } from './api-error.ts';
import { isErrorCode } from './registry.ts';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  limit?: number;
}

export function toApiError(err: unknown, maxBodyBytes: number): { error: ApiError; internal: boolean } {
  if (err instanceof ApiError) return { error: err, internal: false };
  if (err instanceof EngineError) {
    if (isErrorCode(err.code)) {
      // Engine messages are written for the caller (they name the table or field that is missing).
      return { error: new ApiError(err.code, { message: err.message, details: err.code === 'validation_error' ? err.details ?? [] : undefined }), internal: false };
    }
    return { error: new ApiError('internal_error'), internal: true };
  }
  const e = (err ?? {}) as HttpLikeError;
  const status = e.status ?? e.statusCode;
  if (status === 413 || e.type === 'entity.too.large') return { error: new ApiError('payload_too_large', { params: { limit: e.limit ?? maxBodyBytes } }), internal: false };
  if (status === 415) return { error: new ApiError('unsupported_media_type'), internal: false };
  // co-body marks broken JSON as a SyntaxError with status 400.
  if (e.type === 'entity.parse.failed' || (status === 400 && err instanceof SyntaxError)) return { error: new ApiError('malformed_json'), internal: false };
  if (typeof status === 'number' && status >= 400 && status < 500) return { error: new ApiError('bad_request'), internal: false };
  return { error: new ApiError('internal_error'), internal: true };
}
