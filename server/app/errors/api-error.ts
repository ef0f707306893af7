/** An error the server answers with its envelope; the code decides the status through the registry. */
import type { ValidationDetail } from '../../../engine/index.ts';
import { ERROR_REGISTRY, renderMessage, type ErrorCode } from './registry.ts';

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    options: {
      params?: Record<string, string | number>;
      message?: string;
      details?: ValidationDetail[];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(options.message ?? renderMessage(code, options.params));
    this.name = 'ApiError';
    this.status = ERROR_REGISTRY[code].status;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
  readonly details?: ValidationDetail[];
  readonly headers: Record<string, string>;
}
