/**
 * Building blocks shared by the request and response schemas. Every schema here is plain JSON Schema
 * (the subset AJV draft-07 and OpenAPI 3.1 read the same way), with a description and `examples`,
 * because the same constant feeds AJV, the TypeScript types and components.schemas.
 */
import { LOCK_FIELDS, type SettingsVersionField } from '../../engine/settings/slots.ts';

/** Largest integer JSON carries exactly into JavaScript; larger yen amounts would silently lose digits. */
export const MAX_SAFE_YEN = Number.MAX_SAFE_INTEGER;

export const yen = (description: string, example = 300000) =>
  ({ type: 'integer', minimum: 0, maximum: MAX_SAFE_YEN, description, examples: [example] }) as const;

export const signedYen = (description: string, example = -5000) =>
  ({ type: 'integer', minimum: -MAX_SAFE_YEN, maximum: MAX_SAFE_YEN, description, examples: [example] }) as const;

export const isoDate = (description: string, example = '2026-05-25') =>
  ({ type: 'string', format: 'date', description, examples: [example] }) as const;

/** Decimal carried as a string so no float ever holds a rate or an hour count. */
export const decimalString = (description: string, example = '0.25') =>
  ({ type: 'string', pattern: '^\\d{1,9}(\\.\\d{1,10})?$', description, examples: [example] }) as const;

export const companyIdSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  description: 'Target company, as created by PUT /cp/v1/companies/{company_id}/calculation-profile within the key\'s account.',
  examples: ['acme-tokyo'],
} as const;

const versionString = (description: string, example: string) => ({ type: 'string', minLength: 1, description, examples: [example] }) as const;

/** API documentation of the six settings versions; the field list itself is the engine's (SETTINGS_VERSION_SLOTS). */
const SETTINGS_VERSION_DOCS: Record<SettingsVersionField, [description: string, example: string]> = {
  company_profile_version: ['Company calculation profile version.', '2025-04-01.5d9b586409d0'],
  tax_table_version: ['Income tax table version.', '2026-01'],
  social_insurance_rate_version: ['Social insurance (health, care, childcare support) rate table version.', '2026-04'],
  employees_pension_rate_version: ["Employees' pension rate table version.", '2020-09'],
  employment_insurance_rate_version: ['Employment insurance rate table version.', '2026-04'],
  rounding_rule_version: ['Rounding rule version.', '2020-01'],
};

const settingsVersionProperties = Object.fromEntries(
  LOCK_FIELDS.map((f) => [f, versionString(...SETTINGS_VERSION_DOCS[f])]),
) as Record<SettingsVersionField, ReturnType<typeof versionString>>;

const settingsLockExample = Object.fromEntries(LOCK_FIELDS.map((f) => [f, SETTINGS_VERSION_DOCS[f][1]])) as Record<SettingsVersionField, string>;

export const settingsLockSchema = {
  type: 'object',
  description: 'Versions copied from settings_snapshot of an earlier response. All six are required; any difference from what is resolved gives 409 settings_lock_conflict.',
  additionalProperties: false,
  required: LOCK_FIELDS,
  properties: settingsVersionProperties,
  examples: [settingsLockExample],
} as const;

export const settingsSnapshotSchema = {
  type: 'object',
  description: 'The six settings versions resolved for this calculation; monthly payroll also reports the two overtime premium rounding settings of the company profile.',
  additionalProperties: false,
  required: LOCK_FIELDS,
  properties: {
    ...settingsVersionProperties,
    overtime_premium_rounding_method: {
      type: 'string',
      enum: ['none', 'hourly_rate_half_up', 'unit_price_half_up', 'hourly_rate_ceil'],
      description: 'Monthly payroll only: how the overtime premium is rounded.',
      examples: ['none'],
    },
    overtime_premium_monthly_total_rounding: {
      type: 'string',
      enum: ['none', 'half_up_100_yen'],
      description: 'Monthly payroll only: rounding of the monthly premium total.',
      examples: ['none'],
    },
  },
  examples: [{ ...settingsLockExample, overtime_premium_rounding_method: 'none', overtime_premium_monthly_total_rounding: 'none' }],
} as const;

export const calculationOptionsSchema = (traceDefault: boolean) =>
  ({
    type: 'object',
    description: 'Output options.',
    additionalProperties: false,
    default: {},
    properties: {
      include_calculation_trace: {
        type: 'boolean',
        default: traceDefault,
        description: `Whether calculation_trace is filled (default ${traceDefault}); false gives an empty array.`,
        examples: [traceDefault],
      },
    },
    examples: [{ include_calculation_trace: traceDefault }],
  }) as const;

/** The fields every calculation and simulation request has. */
export const commonRequestProperties = (traceDefault: boolean) =>
  ({
    company_id: companyIdSchema,
    calculation_date: isoDate('Date of the calculation; must be on or before payment_date.', '2026-05-20'),
    payment_date: isoDate('Payment date; every settings version is resolved as of this date.', '2026-05-25'),
    settings_lock: settingsLockSchema,
    calculation_options: calculationOptionsSchema(traceDefault),
  }) as const;

export const COMMON_REQUIRED = ['company_id', 'calculation_date', 'payment_date'] as const;

export const metadataSchema = {
  type: 'object',
  description: 'Caller data carried through unchanged: at most 20 keys of up to 128 characters; values are strings of up to 256 characters, numbers, booleans or null.',
  maxProperties: 20,
  propertyNames: { maxLength: 128 },
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 256 },
  examples: [{ cost_center: 'CC-100', approved: true }],
} as const;

export const itemCode = { type: 'string', minLength: 1, maxLength: 64, description: 'Caller code, unique within its array.', examples: ['commute'] } as const;
export const itemName = { type: 'string', minLength: 1, maxLength: 128, description: 'Display name.', examples: ['Commuting allowance'] } as const;
export const flag = (description: string, example = true) => ({ type: 'boolean', description, examples: [example] }) as const;
