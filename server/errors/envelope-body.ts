/**
 * The body of the error envelope, { error: { code, message, request_id, details? } }: one function so
 * the HTTP answer and the batch command's error lines (tools/batch) can never drift apart.
 */
import type { ApiError } from './api-error.ts';

export function errorEnvelopeBody(error: ApiError, requestId: string) {
  return {
    error: {
      code: error.code,
      message: error.message,
      request_id: requestId,
      ...(error.code === 'validation_error' ? { details: error.details ?? [] } : {}),
    },
  };
}
