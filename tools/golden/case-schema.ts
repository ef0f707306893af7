/** Schema of a golden case file (docs/golden-format.md); unknown keys are refused like everywhere else. */
import { profilePutBodySchema, profileVersionSchema } from '../../engine/index.ts';

const partial = { type: 'object' } as const;

export const goldenFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['company', 'cases'],
  properties: {
    company: {
      type: 'object',
      additionalProperties: false,
      required: ['company_id'],
      // Either the PUT bodies (chained as the server chains them) or the stored versions themselves, as
      // GET /cp/v1/companies/{id}/calculation-profile returns them (its `data`).
      oneOf: [
        { required: ['profile_puts'], properties: { profile_puts: true } },
        { required: ['profile_versions'], properties: { profile_versions: true } },
      ],
      properties: {
        company_id: { type: 'string', minLength: 1 },
        profile_puts: { type: 'array', items: profilePutBodySchema },
        profile_versions: { type: 'array', minItems: 1, items: profileVersionSchema },
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
          // free labels for `npm run golden -- --filter` (e.g. withholding, 2027, kyokai)
          tags: { type: 'array', items: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*$' } },
          calculation: {
            enum: [
              'monthly_payroll',
              'bonus',
              'social_insurance_simulation',
              'employment_insurance_simulation',
              'income_tax_simulation',
              'standard_monthly_remuneration_resolution',
              'year_end_adjustment',
              'standard_monthly_remuneration_determination',
              'leave_premium_exemption',
              'resident_tax_special_collection_schedule',
              'resident_tax_separation',
              'retirement_allowance',
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
                properties: {
                  code: { type: 'string' },
                  message_contains: { type: 'string' },
                  // validation_error: details that must be among the error's (path exactly; code when given)
                  details: {
                    type: 'array',
                    minItems: 1,
                    items: {
                      type: 'object',
                      additionalProperties: false,
                      required: ['path'],
                      properties: { path: { type: 'array', items: { type: ['string', 'integer'] } }, code: { type: 'string' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;
