/** The error envelope every non-2xx response carries. */
import { MAX_DETAILS } from '../validation/limits.ts';
import { REQUEST_ID_PATTERN } from '../middleware/request-id-format.ts';

const requestIdSchema = {
  type: 'string',
  pattern: REQUEST_ID_PATTERN,
  description:
    "Request id, also in the X-Request-Id header: the caller's own X-Request-Id when it is well-formed (1-128 characters of A-Z a-z 0-9 . _ : -), else a UUID the service generated.",
  examples: ['5b3f6a0e-8f0c-4c57-9d1e-3a2b1c0d9e8f'],
} as const;

export const validationDetailSchema = {
  type: 'object',
  description:
    'One validation problem. Codes: required, unknown_field, forbidden_field, invalid_type, invalid_format, invalid_value, invalid_length, out_of_range, duplicate_code, date_order, inconsistent_value, negative_candidate_gross (see docs/errors.md).',
  additionalProperties: false,
  required: ['path', 'code', 'message'],
  properties: {
    path: {
      type: 'array',
      items: { type: ['string', 'integer'] },
      description: 'Field names (and array indexes) from the body root; header and path problems start with "headers" or "path".',
      examples: [['employee_snapshot', 'daily_standard_working_hours']],
    },
    code: { type: 'string', description: 'Stable problem code.', examples: ['forbidden_field'] },
    message: {
      type: 'string',
      description: 'Human-readable reason.',
      examples: ['daily_standard_working_hours is not allowed for pay_type monthly.'],
    },
  },
  examples: [
    {
      path: ['employee_snapshot', 'daily_standard_working_hours'],
      code: 'forbidden_field',
      message: 'daily_standard_working_hours is not allowed for pay_type monthly.',
    },
  ],
} as const;

export const errorResponseSchema = {
  type: 'object',
  description: 'Error envelope. details is present only for 422 validation_error.',
  additionalProperties: false,
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      description: 'The error.',
      additionalProperties: false,
      required: ['code', 'message', 'request_id'],
      properties: {
        code: { type: 'string', description: 'Stable error code (docs/errors.md).', examples: ['validation_error'] },
        message: { type: 'string', description: 'Human-readable message.', examples: ['The request is invalid; see details.'] },
        request_id: requestIdSchema,
        details: {
          type: 'array',
          maxItems: MAX_DETAILS,
          items: validationDetailSchema,
          description: `The validation problems found, at most ${MAX_DETAILS}.`,
          examples: [[validationDetailSchema.examples[0]]],
        },
        details_omitted: {
          type: 'integer',
          minimum: 1,
          description: `How many further problems were found beyond the ${MAX_DETAILS} listed; absent when details lists them all.`,
          examples: [299900],
        },
      },
      examples: [
        {
          code: 'unauthorized',
          message: 'A valid API key is required in the X-API-Key header.',
          request_id: '5b3f6a0e-8f0c-4c57-9d1e-3a2b1c0d9e8f',
        },
      ],
    },
  },
  examples: [
    {
      error: {
        code: 'unauthorized',
        message: 'A valid API key is required in the X-API-Key header.',
        request_id: '5b3f6a0e-8f0c-4c57-9d1e-3a2b1c0d9e8f',
      },
    },
  ],
} as const;
