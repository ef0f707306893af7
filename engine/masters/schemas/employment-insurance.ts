/** employment_insurance_rate_table: `records` = one worker rate per business type. */
import { fileSchema, rate, text } from './common.ts';

export const employmentInsuranceSchema = fileSchema('employment_insurance_rate_table', false, ['records'], {
  /**
   * true: the published table changed only the records listed here; every other record of the previous
   * version is carried into this version unchanged (engine/masters/inherit.ts), so each version still
   * resolves complete. Absent or false: the file lists every record.
   */
  inherit_unchanged_records: { type: 'boolean' },
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
