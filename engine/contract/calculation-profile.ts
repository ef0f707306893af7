/**
 * JSON Schema of the company calculation profile (decisions.md section 2): the PUT body, and the stored
 * version the PUT returns. The server validates PUT bodies with it and publishes it in openapi.json;
 * the engine validates golden-file profiles with it, so both accept exactly the same documents.
 * Plain JSON Schema (AJV draft-07 and OpenAPI 3.1 read it alike); `default` values match defaults.ts.
 */
import { FRACTION_PATTERN, MULTIPLIER_PATTERN } from './decimal-patterns.ts';
import { profilePutExample, profileVersionExample } from './examples.ts';

/** A rate as a fraction between 0 and 1 carried as a string: "0.0985" is 9.85%. */
/** Said in the schema (ajv-errors) so a rate sent as a percentage is told what to send. */
const FRACTION_MESSAGE = 'must be a fraction between 0 and 1 written as a string (9.85 % is "0.0985").';
export const fraction = (description: string, example: string) =>
  ({ type: 'string', pattern: FRACTION_PATTERN, errorMessage: { pattern: FRACTION_MESSAGE }, description, examples: [example] }) as const;

/**
 * An attendance pay rate: a multiplier of the hourly base applied to the minutes of its category
 * ("1.25" pays 125% for each overtime minute, which is not part of base pay; "0.25" for late-night
 * minutes, which are additional to the pay those minutes already get). Hence up to 9.99..., not 0..1.
 */
const multiplier = (description: string, example: string) =>
  ({
    type: 'string',
    pattern: MULTIPLIER_PATTERN,
    errorMessage: { pattern: 'must be a pay rate multiplier from 0 to 9.9999999999 written as a string, e.g. "1.25".' },
    description,
    examples: [example],
  }) as const;

const date = (description: string, example: string) => ({ type: 'string', format: 'date', description, examples: [example] }) as const;

/**
 * Its example (an illustrative society's rates, with the statutory childcare support rate and bonus cap)
 * is set by the OpenAPI layer from the loaded kyokai record (server/app/openapi/examples/index.ts): no
 * statute figure is written here.
 */
export const customRatesSchema = {
  type: 'object',
  description: 'Self-declared employee rates of a company with its own health insurance society.',
  additionalProperties: false,
  required: [
    'health_insurance_employee_rate',
    'care_insurance_employee_rate',
    'childcare_support_contribution_employee_rate',
    'health_insurance_standard_bonus_annual_cap',
  ],
  properties: {
    // illustrative rates of a health insurance society (each society sets its own), not statutory values
    health_insurance_employee_rate: fraction('Employee health insurance rate.', '0.045'),
    care_insurance_employee_rate: fraction('Employee care insurance rate.', '0.008'),
    childcare_support_contribution_employee_rate: {
      type: ['string', 'null'],
      pattern: FRACTION_PATTERN,
      errorMessage: { pattern: FRACTION_MESSAGE },
      description: 'Employee childcare support contribution rate, or null when there is none.',
    },
    health_insurance_standard_bonus_annual_cap: {
      type: 'integer',
      minimum: 0,
      maximum: 999_999_999,
      description: 'Annual cap of the health standard bonus (yen), at most 999,999,999 like every money input of the API.',
    },
  },
} as const;

const socialInsuranceSettingsSchema = {
  type: ['object', 'null'],
  description:
    'Health insurance provider; null = social insurance not configured (monthly payroll then gives 422 settings_not_resolved). kyokai requires prefecture_code and forbids custom_rates; custom the reverse.',
  additionalProperties: false,
  required: ['health_insurance_provider'],
  properties: {
    health_insurance_provider: {
      type: 'string',
      enum: ['kyokai', 'custom'],
      description: 'Japan Health Insurance Association rates by prefecture, or self-declared rates.',
      examples: ['kyokai'],
    },
    prefecture_code: {
      type: 'string',
      pattern: '^(0[1-9]|[1-3][0-9]|4[0-7])$',
      errorMessage: { pattern: 'must be a JIS prefecture code from "01" to "47" (Tokyo is "13").' },
      description: 'JIS prefecture code 01-47 (kyokai only).',
      examples: ['13'],
    },
    custom_rates: customRatesSchema,
  },
  // A `false` subschema forbids the field: the API reports it as forbidden_field at its own path. The
  // `true` one only names the field the branch requires (defined above), as OpenAPI linters expect.
  allOf: [
    {
      if: { required: ['health_insurance_provider'], properties: { health_insurance_provider: { const: 'kyokai' } } },
      then: { required: ['prefecture_code'], properties: { prefecture_code: true, custom_rates: false } },
    },
    {
      if: { required: ['health_insurance_provider'], properties: { health_insurance_provider: { const: 'custom' } } },
      then: { required: ['custom_rates'], properties: { custom_rates: true, prefecture_code: false } },
    },
  ],
  examples: [{ health_insurance_provider: 'kyokai', prefecture_code: '13' }],
} as const;

const attendancePremiumRatesSchema = {
  type: 'object',
  description:
    'The four attendance pay rates as multipliers of the hourly base, as in the spec formula hourly_base x (overtime x overtime_minutes + late_night_additional x late_night_minutes + legal_holiday x legal_holiday_minutes + non_legal_holiday x non_legal_holiday_minutes) / 60: overtime and holiday minutes are paid in full at their rate (e.g. 1.25, 1.35), late-night minutes get the additional part only (e.g. 0.25). Absent means attendance_input gives 422 attendance_rates_not_configured.',
  additionalProperties: false,
  required: ['overtime', 'late_night_additional', 'legal_holiday', 'non_legal_holiday'],
  properties: {
    overtime: multiplier('Pay rate of an overtime minute (statutory minimum 1.25).', '1.25'),
    late_night_additional: multiplier('Additional rate of a late-night minute on top of its other pay (statutory minimum 0.25).', '0.25'),
    legal_holiday: multiplier('Pay rate of a legal-holiday minute (statutory minimum 1.35).', '1.35'),
    non_legal_holiday: multiplier('Pay rate of a non-legal (scheduled) holiday minute.', '1.25'),
  },
  examples: [{ overtime: '1.25', late_night_additional: '0.25', legal_holiday: '1.35', non_legal_holiday: '1.25' }],
} as const;

/**
 * Opt-ins to statutory withholding rules the spec leaves out (docs/decisions.md "Dependents beyond seven"
 * and "乙欄 and the 従たる給与についての扶養控除等申告書"). Absent (or a key absent) = the spec's behaviour;
 * never filled with a default, so the versions stored before these settings existed read and hash the same.
 */
const incomeTaxOptInsSchema = {
  type: 'object',
  description:
    'Opt-ins to withholding rules beyond the spec. Absent = the spec: tax_dependent_count up to the last printed dependents column only, and 乙 without the 従たる申告書 reduction. Shown in settings_snapshot when set.',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    dependents_beyond_seven: {
      type: 'string',
      enum: ['refused', 'statutory_reduction'],
      description: `refused (the spec, also when absent): tax_dependent_count above the printed dependents columns is 422 validation_error. statutory_reduction: counts up to the monthly tables' tax_dependent_count_max are accepted (monthly payroll, bonus, income tax simulation) and computed by the tables' own rule: the monthly table's last-column amount less its per_extra_dependent_deduction per dependent beyond that column (never below 0), the bonus rate table's last, "or more" column.`,
      examples: ['statutory_reduction'],
    },
    otsu_secondary_declaration: {
      type: 'string',
      enum: ['not_applied', 'statutory_reduction'],
      description:
        "not_applied (the spec, also when absent): 乙 ignores tax_dependent_count. statutory_reduction: for 乙, tax_dependent_count is the number of dependents declared on a 従たる給与についての扶養控除等申告書 (0 = none submitted) and the monthly table's 乙 amount is reduced by the table's otsu_secondary_declaration_deduction per declared dependent, never below 0 (monthly payroll and income tax simulation; the bonus is computed as without it).",
      examples: ['statutory_reduction'],
    },
  },
  examples: [{ dependents_beyond_seven: 'statutory_reduction' }],
} as const;

const settingsProperties = {
  effective_from: date('First payment_date this version applies to.', '2025-04-01'),
  social_insurance: socialInsuranceSettingsSchema,
  employment_insurance_business_type: {
    type: 'string',
    enum: ['general', 'agriculture_forestry_fisheries_sake', 'construction'],
    description: 'Selects the employment insurance rate row.',
    examples: ['general'],
  },
  income_tax_withholding_method: {
    type: 'string',
    enum: ['monthly_table', 'computer_special'],
    default: 'monthly_table',
    description: 'Monthly withholding method.',
    examples: ['monthly_table'],
  },
  allow_withholding_rate_override: {
    type: 'boolean',
    default: false,
    description: 'Whether bonus requests may override the withholding rate.',
    examples: [false],
  },
  overtime_premium_rounding_method: {
    type: 'string',
    enum: ['none', 'hourly_rate_half_up', 'unit_price_half_up', 'hourly_rate_ceil'],
    default: 'none',
    description: 'Rounding of the overtime premium.',
    examples: ['none'],
  },
  overtime_premium_monthly_total_rounding: {
    type: 'string',
    enum: ['none', 'half_up_100_yen'],
    default: 'none',
    description: 'Rounding of the monthly premium total.',
    examples: ['none'],
  },
  health_premium_rounding_scope: {
    type: 'string',
    enum: ['combined', 'per_item'],
    default: 'combined',
    description: 'Round health, care and childcare support once combined, or each line on its own.',
    examples: ['combined'],
  },
  social_insurance_collection: {
    type: 'string',
    enum: ['next_month', 'same_month'],
    default: 'next_month',
    description: "Monthly premiums withheld from the next month's pay or the same month's.",
    examples: ['next_month'],
  },
  attendance_premium_rates: attendancePremiumRatesSchema,
  income_tax: incomeTaxOptInsSchema,
} as const;

export const profilePutBodySchema = {
  type: 'object',
  description:
    'Body of PUT /cp/v1/companies/{company_id}/calculation-profile. A later effective_from adds a version; an identical PUT changes nothing; the same effective_from replaces that version under a new version string.',
  additionalProperties: false,
  required: ['effective_from', 'social_insurance', 'employment_insurance_business_type'],
  properties: settingsProperties,
  examples: [profilePutExample],
} as const;

export const profileVersionSchema = {
  type: 'object',
  description:
    'A stored company calculation profile version: the PUT body with every default filled in, its identity and its effective_to.',
  additionalProperties: false,
  required: [
    'company_id',
    'profile_id',
    'version',
    'effective_to',
    ...Object.keys(settingsProperties).filter((k) => k !== 'attendance_premium_rates' && k !== 'income_tax'),
  ],
  properties: {
    company_id: { type: 'string', description: 'Company id within the account.', examples: ['acme-tokyo'] },
    profile_id: {
      type: 'string',
      description: "Id of the company's profile; the same for all its versions.",
      examples: ['prof_4b1f0c3e-9d52-4b7e-a0a4-2f1d3c6e8a90'],
    },
    version: {
      type: 'string',
      description: 'Version string reported as settings_snapshot.company_profile_version.',
      examples: ['2025-04-01.5d9b586409d0'],
    },
    effective_to: {
      type: ['string', 'null'],
      format: 'date',
      description: 'Last payment_date in force; null = open-ended.',
      examples: [null],
    },
    ...settingsProperties,
  },
  examples: [profileVersionExample],
} as const;
