/**
 * The body of the error envelope, { error: { code, message, request_id, details?, details_omitted? } }:
 * one function so the HTTP answer and the batch command's error lines (tools/batch) can never drift
 * apart. details lists at most MAX_DETAILS problems and details_omitted counts the rest, so no input
 * can make an error answer grow with its body.
 */
import { MAX_DETAILS } from '../validation/limits.ts';
import type { ApiError } from './api-error.ts';

function validationDetails(error: ApiError): object {
  const details = error.details ?? [];
  if (details.length <= MAX_DETAILS) return { details };
  return { details: details.slice(0, MAX_DETAILS), details_omitted: details.length - MAX_DETAILS };
}

export function errorEnvelopeBody(error: ApiError, requestId: string) {
  return {
    error: {
      code: error.code,
      message: error.message,
      request_id: requestId,
      ...(error.code === 'validation_error' ? validationDetails(error) : {}),
    },
  };
}
