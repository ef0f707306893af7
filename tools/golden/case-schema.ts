/** Schema of a golden case file (docs/golden-format.md); unknown keys are refused like everywhere else. */
const partial = { type: 'object' } as const;

export const goldenFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['company', 'cases'],
  properties: {
    company: {
      type: 'object',
      additionalProperties: false,
      required: ['company_id', 'profile_puts'],
      properties: {
        company_id: { type: 'string', minLength: 1 },
        profile_puts: { type: 'array', items: { type: 'object' } },
      },
    },
    cases: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'description', 'calculation', 'request', 'expect'],
        properties: {
          id: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*$' },
          description: { type: 'string', minLength: 1 },
          calculation: {
            enum: [
              'monthly_payroll', 'bonus', 'social_insurance_simulation', 'employment_insurance_simulation',
              'income_tax_simulation', 'standard_monthly_remuneration_resolution',
            ],
          },
          request: { type: 'object' },
          expect: {
            type: 'object',
            additionalProperties: false,
            minProperties: 1,
            properties: {
              amounts: partial,
              settings_snapshot: partial,
              warnings: { type: 'array', items: { type: 'string' } },
              trace: { type: 'array', items: { type: 'object', required: ['step'], properties: { step: { type: 'string' } } } },
              trace_steps: { type: 'array', items: { type: 'string' } },
              error: {
                type: 'object',
                additionalProperties: false,
                required: ['code'],
                properties: { code: { type: 'string' }, message_contains: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
} as const;
