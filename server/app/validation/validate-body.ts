/**
 * Validation of a request body, in an order that bounds the work: container sizes first (a cheap walk
 * that stops at the first oversize array or map), and only when those are in bounds the full schema
 * (which fills the schema's defaults into the body) and the cross-field rules. The caller answers
 * with at most MAX_DETAILS of the details (error-envelope.ts).
 */
import type { ValidationDetail } from '../../../engine/index.ts';
import { validatorFor } from './ajv.ts';
import { sizeDetails } from './size-guard.ts';
import { ajvErrorsToDetails } from './to-details.ts';

export function schemaDetails(schema: object, body: unknown): ValidationDetail[] {
  const validate = validatorFor(schema);
  return validate(body) ? [] : ajvErrorsToDetails(validate.errors);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Every problem of a body: sizes, else schema plus cross-field rules. Cross-field rules only ever see
 * a body whose arrays are within their maxItems, so their work is bounded too.
 */
export function requestDetails(
  schema: object,
  body: unknown,
  crossFields?: (body: Record<string, unknown>) => ValidationDetail[],
): ValidationDetail[] {
  const oversize = sizeDetails(schema, body);
  if (oversize.length > 0) return oversize;
  const details = schemaDetails(schema, body);
  return crossFields && isObject(body) ? [...details, ...crossFields(body)] : details;
}
