/**
 * social_insurance_rate_table: one file per version, `records` = 47 prefectures (employee rates), or with
 * inherit_unchanged_records only the prefectures whose rates changed (the version resolves all 47).
 */
import { fileSchema, inheritUnchangedRecords, rate, rateOrNull, text, yen } from './common.ts';

export const socialInsuranceRatesSchema = fileSchema('social_insurance_rate_table', false, ['records'], {
  inherit_unchanged_records: inheritUnchangedRecords,
  records: {
    type: 'array',
    minItems: 1,
    items: {
      type: 'object',
      additionalProperties: false,
      required: [
        'id',
        'prefecture_code',
        'prefecture_name',
        'prefecture_name_ja',
        'health_insurance_employee_rate',
        'care_insurance_employee_rate',
        'childcare_support_contribution_employee_rate',
        'health_insurance_standard_bonus_annual_cap',
      ],
      properties: {
        id: text,
        prefecture_code: { type: 'string', pattern: '^[0-9]{2}$' },
        prefecture_name: { type: 'string', pattern: '^[a-z]+$', maxLength: 64 },
        prefecture_name_ja: text,
        health_insurance_employee_rate: rate,
        care_insurance_employee_rate: rate,
        childcare_support_contribution_employee_rate: rateOrNull,
        health_insurance_standard_bonus_annual_cap: yen,
      },
    },
  },
});
