/** employment_insurance_rate_table: `records` = one worker rate per business type. */
import { fileSchema, inheritUnchangedRecords, rate, text } from './common.ts';

export const employmentInsuranceSchema = fileSchema('employment_insurance_rate_table', false, ['records'], {
  inherit_unchanged_records: inheritUnchangedRecords,
  records: {
    type: 'array',
    minItems: 1,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'business_type', 'employee_rate'],
      properties: {
        id: text,
        business_type: { enum: ['general', 'agriculture_forestry_fisheries_sake', 'construction'] },
        business_type_ja: text,
        employee_rate: rate,
      },
    },
  },
});
