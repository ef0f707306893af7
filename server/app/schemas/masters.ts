/**
 * Response schemas of GET /v1/masters/tax-tables, /rate-tables (spec "Master records") and /rules (the
 * rules in service). No figure of a table is written here: the examples of the records and of each of
 * their fields are records the engine loaded, set by the OpenAPI layer (server/app/openapi/examples/).
 */
import { ruleFileHashProperty } from './results.ts';

const str = (description: string) => ({ type: 'string', minLength: 1, description }) as const;
const nullableDate = { type: ['string', 'null'], format: 'date', description: 'Last day in force; null = no end set.' } as const;
const rate = (description: string) => ({ type: 'string', pattern: '^\\d+(\\.\\d+)?$', description }) as const;
const sourceArtifact = { type: ['string', 'null'], minLength: 1, description: 'Source document id, or null.' } as const;

const versioned = (type: string) =>
  ({
    type: { type: 'string', const: type, description: 'Record type.', examples: [type] },
    id: str('Table id.'),
    version: str('Table version.'),
    effective_from: { type: 'string', format: 'date', description: 'First day in force.' },
    effective_to: nullableDate,
  }) as const;

export const taxTableRecordSchema = {
  type: 'object',
  description: 'One published income tax table (monthly, daily, bonus, computer-method or retirement) in one version.',
  additionalProperties: false,
  required: ['type', 'id', 'version', 'effective_from', 'effective_to'],
  properties: {
    ...versioned('income_tax_table'),
    source_artifact_id: sourceArtifact,
    table: {
      type: 'string',
      enum: ['monthly', 'daily', 'bonus', 'computer_special', 'retirement'],
      description:
        'Which withholding table (retirement: the quick-reckoning table of retirement allowances, 退職所得の源泉徴収税額の速算表).',
    },
    status: {
      type: 'string',
      enum: ['imported', 'not_imported'],
      description: 'not_imported: the version is known to apply but its data is not available; calculations needing it get 422.',
    },
  },
} as const;

const provider = { type: ['string', 'null'], minLength: 1, description: 'Publisher of the table.' } as const;

export const socialInsuranceRateRecordSchema = {
  type: 'object',
  description: 'Health, care and childcare support employee rates of one prefecture (or a custom-rate company) in one version.',
  additionalProperties: false,
  required: [
    'type',
    'id',
    'version',
    'effective_from',
    'effective_to',
    'provider',
    'prefecture_code',
    'prefecture_name',
    'health_insurance_employee_rate',
    'care_insurance_employee_rate',
    'childcare_support_contribution_employee_rate',
    'health_insurance_standard_bonus_annual_cap',
  ],
  properties: {
    ...versioned('social_insurance_rate_table'),
    provider,
    prefecture_code: { type: ['string', 'null'], minLength: 1, maxLength: 2, description: 'JIS prefecture code.' },
    prefecture_name: { type: ['string', 'null'], minLength: 1, maxLength: 64, description: 'English lower-case prefecture name.' },
    health_insurance_employee_rate: rate('Employee health insurance rate.'),
    care_insurance_employee_rate: rate('Employee care insurance rate.'),
    childcare_support_contribution_employee_rate: {
      type: ['string', 'null'],
      pattern: '^\\d+(\\.\\d+)?$',
      description: 'Employee childcare support rate, or null.',
    },
    health_insurance_standard_bonus_annual_cap: { type: 'integer', minimum: 0, description: 'Annual cap of the health standard bonus.' },
  },
} as const;

export const employeesPensionRateRecordSchema = {
  type: 'object',
  description: "Nationwide employees' pension employee rate and standard bonus cap in one version.",
  additionalProperties: false,
  required: [
    'type',
    'id',
    'version',
    'effective_from',
    'effective_to',
    'provider',
    'employees_pension_insurance_employee_rate',
    'employees_pension_standard_bonus_monthly_cap',
  ],
  properties: {
    ...versioned('employees_pension_rate_table'),
    provider,
    employees_pension_insurance_employee_rate: rate('Employee pension rate.'),
    employees_pension_standard_bonus_monthly_cap: {
      type: 'integer',
      minimum: 0,
      description: 'Monthly cap of the pension standard bonus.',
    },
    source_artifact_id: sourceArtifact,
  },
} as const;

export const employmentInsuranceRateRecordSchema = {
  type: 'object',
  description: 'Nationwide employment insurance employee rate in one version.',
  additionalProperties: false,
  required: ['type', 'id', 'version', 'effective_from', 'effective_to', 'provider', 'employee_rate', 'source_artifact_id'],
  properties: {
    ...versioned('employment_insurance_rate_table'),
    provider,
    business_type: {
      type: 'string',
      enum: ['general', 'agriculture_forestry_fisheries_sake', 'construction'],
      description: 'Business type the rate applies to.',
    },
    employee_rate: rate('Employee rate.'),
    source_artifact_id: sourceArtifact,
  },
} as const;

export const taxTableListSchema = {
  type: 'object',
  description: 'Published income tax tables, one record per table and version.',
  additionalProperties: false,
  required: ['data'],
  properties: { data: { type: 'array', items: taxTableRecordSchema, description: 'Records.' } },
} as const;

export const rateTableListSchema = {
  type: 'object',
  description:
    'Published insurance rate tables: one social insurance record per prefecture and version, one nationwide record each for pension and employment insurance per version.',
  additionalProperties: false,
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      items: { oneOf: [socialInsuranceRateRecordSchema, employeesPensionRateRecordSchema, employmentInsuranceRateRecordSchema] },
      description: 'Records.',
    },
  },
} as const;

export const ruleRecordSchema = {
  type: 'object',
  description: 'One loaded rule version: formula code, dates in force, legal source, file and its hash.',
  additionalProperties: false,
  required: ['type', 'id', 'version', 'effective_from', 'effective_to', 'formula_code', 'step', 'title', 'legal_source', 'file', 'sha256'],
  properties: {
    ...versioned('rule'),
    formula_code: str('Versioned formula code, as in trace steps.'),
    step: str('Trace step name the rule produces.'),
    title: str('What the rule computes.'),
    legal_source: str('The statute the rule implements.'),
    file: str('Rule file, relative to the loaded rules folder.'),
    sha256: ruleFileHashProperty,
  },
} as const;

export const ruleListSchema = {
  type: 'object',
  description: 'The rules in service, one record per formula code and version, with the fingerprint of the whole rules and masters set.',
  additionalProperties: false,
  required: ['data', 'rules_masters_hash'],
  properties: {
    data: { type: 'array', items: ruleRecordSchema, description: 'Records.' },
    rules_masters_hash: {
      type: 'string',
      pattern: '^[0-9a-f]{64}$',
      description: 'SHA-256 fingerprint of the rules and masters in service; every calculation reports it in settings_snapshot.',
    },
  },
} as const;

export const masterVersionRecordSchema = {
  type: 'object',
  description:
    'One version of one master table of any kind (withholding, computer-method, rate, grade and rounding tables: `type` is the kind), or one dated value of a parameter (`type` parameter, `id` its path, with its unit, value and whether it is inferred).',
  additionalProperties: false,
  required: ['type', 'id', 'version', 'effective_from', 'effective_to', 'provider', 'source_artifact_id', 'file', 'inherited_from'],
  properties: {
    type: str('Master kind (e.g. health_insurance_grade_table, rounding_rule_table, income_tax_computer_special), or parameter.'),
    id: str('Table id, or the parameter path (area.name).'),
    version: str('Table version; for a parameter, the first day of the value.'),
    effective_from: { type: 'string', format: 'date', description: 'First day in force.' },
    effective_to: nullableDate,
    provider: { type: ['string', 'null'], description: 'Publisher.' },
    source_artifact_id: sourceArtifact,
    file: str('The master file, relative to the loaded masters folder.'),
    inherited_from: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['version', 'file'],
      properties: { version: { type: 'string' }, file: { type: 'string' } },
      description:
        'For a record carried unchanged into this version (inherit_unchanged_records): the version and file it was first published in; else null.',
    },
    unit: { type: 'string', description: 'Parameters only: rate, yen, count, months, decimal, text, flag or table.' },
    value: {
      type: ['string', 'boolean', 'null'],
      description: 'Parameters only: the value (a decimal as a string); null for a repealed value or a table.',
    },
    inferred: { type: 'boolean', description: 'Parameters only: the value is inferred, not read from a publication.' },
  },
} as const;

export const masterVersionListSchema = {
  type: 'object',
  description: 'Every version of every master kind and every dated parameter value the service loaded.',
  additionalProperties: false,
  required: ['data'],
  properties: { data: { type: 'array', items: masterVersionRecordSchema, description: 'Records, by type, id and date.' } },
} as const;
