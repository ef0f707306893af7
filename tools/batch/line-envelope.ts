/**
 * One input line of the batch command: {"type": "<calculation type>", "request": {...}} or, for a
 * client that already speaks the REST API, {"path": "/v1/payroll/monthly:calculate", "request": {...}}.
 * Problems of the line itself (not of the request) are reported like the API reports header and path
 * problems: validation details whose path starts with "line" (docs/batch.md).
 */
import type { ValidationDetail } from '../../engine/index.ts';
import { ApiError } from '../../server/app/errors/api-error.ts';
import { CALCULATION_ENDPOINTS, type CalculationEndpoint } from '../../server/app/routes/calculation-endpoints.ts';

const BY_TYPE = new Map(CALCULATION_ENDPOINTS.map((e) => [e.type as string, e]));
const BY_PATH = new Map(CALCULATION_ENDPOINTS.map((e) => [e.path, e]));
const LINE_KEYS = new Set(['type', 'path', 'request']);

export interface BatchLine {
  endpoint: CalculationEndpoint;
  request: unknown;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The endpoint and request body of a parsed line, or an ApiError exactly as the API would word it. */
export function readBatchLine(line: unknown): BatchLine {
  if (!isObject(line)) {
    throw new ApiError('validation_error', {
      details: [{ path: ['line'], code: 'invalid_type', message: 'a line must be a JSON object with type (or path) and request.' }],
    });
  }
  const details: ValidationDetail[] = [];
  for (const key of Object.keys(line)) {
    if (!LINE_KEYS.has(key))
      details.push({ path: ['line', key], code: 'unknown_field', message: `${key} is not a field of a batch line (type, path, request).` });
  }
  if (!('request' in line)) details.push({ path: ['line', 'request'], code: 'required', message: 'request is required.' });
  let endpoint: CalculationEndpoint | undefined;
  if (line.path !== undefined) {
    endpoint = BY_PATH.get(line.path as string);
    // An unknown path is what the API answers 404 for; keep the same answer.
    if (!endpoint) throw new ApiError('route_not_found');
  }
  if (line.type !== undefined) {
    const byType = BY_TYPE.get(line.type as string);
    if (!byType) {
      details.push({
        path: ['line', 'type'],
        code: 'invalid_value',
        message: `must be one of: ${[...BY_TYPE.keys()].map((t) => JSON.stringify(t)).join(', ')}.`,
      });
    } else if (endpoint && endpoint !== byType) {
      details.push({
        path: ['line', 'type'],
        code: 'inconsistent_value',
        message: `type ${byType.type} does not match path ${endpoint.path}.`,
      });
    } else endpoint = byType;
  } else if (!endpoint) {
    details.push({ path: ['line', 'type'], code: 'required', message: 'type (or path) is required.' });
  }
  if (details.length || !endpoint) throw new ApiError('validation_error', { details });
  return { endpoint, request: line.request };
}
