/** The error envelope every non-2xx response carries. */
export const validationDetailSchema = {
  type: 'object',
  description: 'One validation problem. Codes: required, unknown_field, forbidden_field, invalid_type, invalid_format, invalid_value, invalid_length, out_of_range, duplicate_code, date_order, inconsistent_value, negative_candidate_gross (see docs/errors.md).',
  additionalProperties: false,
  required: ['path', 'code', 'message'],
  properties: {
    path: { type: 'array', items: { type: ['string', 'integer'] }, description: 'Field names (and array indexes) from the body root; header and path problems start with "headers" or "path".', examples: [['employee_snapshot', 'daily_standard_working_hours']] },
    code: { type: 'string', description: 'Stable problem code.', examples: ['forbidden_field'] },
    message: { type: 'string', description: 'Human-readable reason.', examples: ['daily_standard_working_hours is not allowed for pay_type monthly.'] },
  },
  examples: [{ path: ['employee_snapshot', 'daily_standard_working_hours'], code: 'forbidden_field', message: 'daily_standard_working_hours is not allowed for pay_type monthly.' }],
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
        request_id: { type: 'string', format: 'uuid', description: 'Request id, also in the X-Request-Id header.', examples: ['5b3f6a0e-8f0c-4c57-9d1e-3a2b1c0d9e8f'] },
        details: { type: 'array', items: validationDetailSchema, description: 'Every validation problem found.', examples: [[validationDetailSchema.examples[0]]] },
      },
      examples: [{ code: 'unauthorized', message: 'A valid API key is required in the X-API-Key header.', request_id: '5b3f6a0e-8f0c-4c57-9d1e-3a2b1c0d9e8f' }],
    },
  },
  examples: [{ error: { code: 'unauthorized', message: 'A valid API key is required in the X-API-Key header.', request_id: '5b3f6a0e-8f0c-4c57-9d1e-3a2b1c0d9e8f' } }],
} as const;

