/**
 * Building blocks shared by the request and response schemas. Every schema here is plain JSON Schema
 * (the subset AJV draft-07 and OpenAPI 3.1 read the same way), with a description and `examples`,
 * because the same constant feeds AJV, the TypeScript types and components.schemas.
 */
import { LOCK_FIELDS, type SettingsVersionField, type SnapshotExtraVersionField } from '../loading/rules/slots.ts';

import { DECIMAL_PATTERN } from './decimal-patterns.ts';

/**
 * The largest yen amount any money input may carry: 999,999,999 (just under one billion yen, the bound
 * monthly_remuneration always had). Why this bound: every amount in a result must be a safe integer
 * (below 2^53 = 9,007,199,254,740,992), or JSON clients silently lose digits. The largest product in
 * any calculation is the attendance premium: an hourly base of at most (base pay + 50 allowances) / 1
 * hour, or a daily rate / 1 hour + allowances / 1 hour = 51 x MAX_YEN, times a pay rate below 10, times
 * at most 744 hours in each of four categories: 51 x 999,999,999 x 10 x 744 x 4 < 1.52 x 10^15. Every
 * sum (gross pay of 72 lines, 51 custom deductions) is far smaller, and rates are fractions of at most 1.
 * So every result stays below 2^53 with a margin of five. test/fuzz/invariants.test.ts checks it with
 * every input at its maximum.
 */
export const MAX_YEN = 999_999_999;

// Digits grouped by hand, not with toLocaleString, whose first call loads ICU's number formatting while
// this module is imported, before every start's first answer: 11-13 ms of CPU, ~6 ms of it ICU's own
// start (nothing else starts ICU before the first answer now: the master-version listing, which sorts
// with localeCompare, is made at its first request).
const yenBound = `At most ${String(MAX_YEN).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} yen (so every computed amount stays an exact JSON integer).`;

export const yen = (description: string, example = 300000) =>
  ({ type: 'integer', minimum: 0, maximum: MAX_YEN, description: `${description} ${yenBound}`, examples: [example] }) as const;

export const signedYen = (description: string, example = -5000) =>
  ({
    type: 'integer',
    minimum: -MAX_YEN,
    maximum: MAX_YEN,
    description: `${description} ${yenBound.replace('At most', 'Between minus and plus')}`,
    examples: [example],
  }) as const;

export const isoDate = (description: string, example = '2026-05-25') =>
  ({ type: 'string', format: 'date', description, examples: [example] }) as const;

/** Decimal carried as a string so no float ever holds a rate or an hour count. */
export const decimalString = (description: string, example = '0.25') =>
  ({
    type: 'string',
    pattern: DECIMAL_PATTERN,
    errorMessage: { pattern: `must be a decimal number written as a string, e.g. "${example}".` },
    description,
    examples: [example],
  }) as const;

/**
 * Free text the service stores, looks up or echoes: valid Unicode without NUL. A NUL cannot be stored
 * in PostgreSQL text, and a lone surrogate (half of a UTF-16 pair) is no character at all: PostgreSQL
 * turned it into U+FFFD, so the same id meant different companies on the two stores. AJV matches
 * patterns with the u flag, where [\uD800-\uDFFF] matches exactly the unpaired halves.
 */
export const TEXT_PATTERN = '^[^\\u0000\\uD800-\\uDFFF]*$';
export const TEXT_MESSAGE = 'must be valid Unicode text without NUL characters or unpaired surrogates.';

export const text = (description: string, example: string, maxLength: number) =>
  ({
    type: 'string',
    minLength: 1,
    maxLength,
    pattern: TEXT_PATTERN,
    errorMessage: { pattern: TEXT_MESSAGE },
    description,
    examples: [example],
  }) as const;

export const companyIdSchema = text(
  "Target company, as created by PUT /cp/v1/companies/{company_id}/calculation-profile within the key's account: 1-128 characters of valid Unicode without NUL.",
  'acme-tokyo',
  128,
);

const versionString = (description: string, example: string) => text(description, example, 128);

/** API documentation of the six settings versions; the field list itself is the engine's (SETTINGS_VERSION_SLOTS). */
const SETTINGS_VERSION_DOCS: Record<SettingsVersionField, [description: string, example: string]> = {
  company_profile_version: ['Company calculation profile version.', '2025-04-01.5d9b586409d0'],
  tax_table_version: ['Income tax table version.', '2026-01'],
  social_insurance_rate_version: ['Social insurance (health, care, childcare support) rate table version.', '2026-04'],
  employees_pension_rate_version: ["Employees' pension rate table version.", '2020-09'],
  employment_insurance_rate_version: ['Employment insurance rate table version.', '2026-04'],
  rounding_rule_version: ['Rounding rule version.', '2020-01'],
};

const settingsVersionProperties = Object.fromEntries(LOCK_FIELDS.map((f) => [f, versionString(...SETTINGS_VERSION_DOCS[f])])) as Record<
  SettingsVersionField,
  ReturnType<typeof versionString>
>;

const settingsLockExample = Object.fromEntries(LOCK_FIELDS.map((f) => [f, SETTINGS_VERSION_DOCS[f][1]])) as Record<
  SettingsVersionField,
  string
>;

/** The table versions settings_snapshot also names (SNAPSHOT_EXTRA_VERSION_SLOTS); optional in settings_lock. */
const extraVersionProperties = {
  bonus_tax_table_version: versionString(
    'Bonus withholding rate table version (賞与に対する源泉徴収税額の算出率の表). Optional in settings_lock.',
    '2026-01',
  ),
  daily_tax_table_version: versionString(
    'Daily withholding table version (源泉徴収税額表 日額表), where the calculation resolves it (income tax simulation, monthly payroll). Optional in settings_lock.',
    '2026-01',
  ),
  computer_special_table_version: versionString(
    'Computer-method withholding table version (電子計算機等を使用して源泉徴収税額を計算する方法). Optional in settings_lock.',
    '2026-01',
  ),
} satisfies Record<SnapshotExtraVersionField, unknown>;

export const RULES_MASTERS_HASH_EXAMPLE = '3f0c1a9e5b7d2c4f6e8a0b1c2d3e4f5061728394a5b6c7d8e9f0a1b2c3d4e5f6';

const rulesMastersHashProperty = {
  type: 'string',
  pattern: '^[0-9a-f]{64}$',
  description:
    'SHA-256 fingerprint of the rule and master files the calculation used. Two tables with the same version name but different contents give different hashes; GET /v1/masters/rules reports the one in service. Optional in settings_lock: when given, a different set in service gives 409 settings_lock_conflict.',
  examples: [RULES_MASTERS_HASH_EXAMPLE],
} as const;

export const settingsLockSchema = {
  type: 'object',
  description:
    'Versions copied from settings_snapshot of an earlier response. All six are required, the bonus and computer-method table versions optional; any difference from what is resolved gives 409 settings_lock_conflict.',
  additionalProperties: false,
  required: LOCK_FIELDS,
  properties: { ...settingsVersionProperties, ...extraVersionProperties, rules_masters_hash: rulesMastersHashProperty },
  examples: [settingsLockExample],
} as const;

export const settingsSnapshotSchema = {
  type: 'object',
  description:
    'The six settings versions resolved for this calculation, the bonus and computer-method withholding table versions, and the data fingerprint; monthly payroll also reports the two overtime premium rounding settings of the company profile, and the tax calculations the income tax opt-ins the profile sets (absent: the spec).',
  additionalProperties: false,
  required: [...LOCK_FIELDS, 'rules_masters_hash'],
  properties: {
    ...settingsVersionProperties,
    ...extraVersionProperties,
    rules_masters_hash: rulesMastersHashProperty,
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
    income_tax_dependents_beyond_seven: {
      type: 'string',
      enum: ['refused', 'statutory_reduction'],
      description:
        'Monthly payroll, bonus and income tax simulation, only when the company profile sets income_tax.dependents_beyond_seven: that setting.',
      examples: ['statutory_reduction'],
    },
    income_tax_otsu_secondary_declaration: {
      type: 'string',
      enum: ['not_applied', 'statutory_reduction'],
      description:
        'Monthly payroll, bonus and income tax simulation, only when the company profile sets income_tax.otsu_secondary_declaration: that setting.',
      examples: ['statutory_reduction'],
    },
  },
  examples: [
    {
      ...settingsLockExample,
      bonus_tax_table_version: '2026-01',
      computer_special_table_version: '2026-01',
      rules_masters_hash: RULES_MASTERS_HASH_EXAMPLE,
      overtime_premium_rounding_method: 'none',
      overtime_premium_monthly_total_rounding: 'none',
    },
  ],
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

/**
 * Fields that hold the caller's own data (metadataSchema), echoed in results exactly as sent: their
 * numbers stay JSON numbers (1.5 comes back 1.5, not the decimal string "1.5"); a number that JSON
 * cannot carry exactly is refused when the body is read (server/app/http/json-scan.ts).
 */
export const CALLER_DATA_FIELDS: ReadonlySet<string> = new Set(['metadata']);

export const metadataSchema = {
  type: 'object',
  description:
    'Caller data carried through unchanged: at most 20 keys of up to 128 characters; values are strings of up to 256 characters, numbers, booleans or null.',
  maxProperties: 20,
  propertyNames: { maxLength: 128, pattern: TEXT_PATTERN, errorMessage: { pattern: TEXT_MESSAGE } },
  additionalProperties: {
    type: ['string', 'number', 'boolean', 'null'],
    maxLength: 256,
    pattern: TEXT_PATTERN,
    errorMessage: { pattern: TEXT_MESSAGE },
  },
  examples: [{ cost_center: 'CC-100', approved: true }],
} as const;

export const itemCode = text('Caller code, unique within its array.', 'commute', 64);
export const itemName = text('Display name.', 'Commuting allowance', 128);
export const flag = (description: string, example = true) => ({ type: 'boolean', description, examples: [example] }) as const;
