/**
 * Response schemas of the calculation endpoints: the specification's fixed parts (the result envelope,
 * the trace step); each calculation's `amounts` is generated from its pipeline's declared outputs
 * (server/app/openapi/amounts-schema.ts). Examples that are data (a trace step, a master ref, a rule's
 * statute) are set by the OpenAPI layer from the loaded rule set (server/app/openapi/examples/).
 * They are strict (additionalProperties false) except
 * where the specification says the content varies (a trace step's `inputs`), so a test can hold the
 * engine's output to the documented shape.
 */
import { previousEmployerSchema, settingsSnapshotSchema, yen } from '../../../engine/contract/index.ts';

export const masterRefSchema = {
  type: 'object',
  description: 'A master table version a trace step read.',
  additionalProperties: false,
  required: ['type', 'id', 'version', 'effective_from', 'effective_to'],
  properties: {
    type: {
      type: 'string',
      description:
        'income_tax_table, social_insurance_rate_table, employees_pension_rate_table, employment_insurance_rate_table, company_calculation_profile, ...',
      examples: ['employment_insurance_rate_table'],
    },
    id: { type: 'string', description: 'Table id.', examples: ['ei-general'] },
    version: { type: 'string', description: 'Table version.', examples: ['2026-04'] },
    effective_from: { type: 'string', format: 'date', description: 'First day in force.', examples: ['2026-04-01'] },
    effective_to: { type: ['string', 'null'], format: 'date', description: 'Last day in force; null = open-ended.', examples: [null] },
  },
} as const;

/** Shared with the rule listing (GET /v1/masters/rules). */
export const ruleFileHashProperty = {
  type: ['string', 'null'],
  pattern: '^[0-9a-f]{64}$',
  description: 'SHA-256 of the rule file as loaded.',
  examples: ['9a1e6f0b3c5d7e2f4a6b8c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f'],
} as const;

const ruleRefSchema = {
  type: 'object',
  description: 'Provenance of a trace step: the rule file and version that ran, its hash, dates and legal source.',
  additionalProperties: false,
  required: ['file', 'sha256', 'legal_source', 'effective_from', 'effective_to'],
  properties: {
    file: { type: 'string', description: 'Rule file, relative to the loaded rules folder.' },
    sha256: ruleFileHashProperty,
    legal_source: { type: 'string', description: 'The statute the rule implements.' },
    effective_from: { type: 'string', format: 'date', description: 'First day this rule version is in force.', examples: ['2020-01-01'] },
    effective_to: { type: ['string', 'null'], format: 'date', description: 'Last day in force; null = open-ended.', examples: [null] },
  },
} as const;

export const traceStepSchema = {
  type: 'object',
  description: 'One step of calculation_trace: formula, inputs, raw and rounded amounts and the masters read.',
  additionalProperties: false,
  required: [
    'step',
    'step_type',
    'formula_code',
    'output_key',
    'input_refs',
    'formula',
    'inputs',
    'raw_amount',
    'rounding_rule',
    'rounded_amount',
    'master_refs',
    'rule',
  ],
  properties: {
    step: { type: 'string', description: 'Step name.', examples: ['employment_insurance'] },
    step_type: {
      type: 'string',
      description: 'settings_resolution, statutory_deduction, tax_calculation, payment_aggregation, deduction_aggregation, ...',
      examples: ['statutory_deduction'],
    },
    formula_code: { type: 'string', description: 'Versioned formula code.', examples: ['employment_insurance.employee_contribution.v1'] },
    output_key: { type: 'string', description: 'Path of the output value.', examples: ['amounts.employment_insurance'] },
    input_refs: {
      type: 'array',
      items: { type: 'string' },
      description: 'Where the inputs came from.',
      examples: [['request.subject_wage_total']],
    },
    formula: { type: 'string', description: 'The formula in words.', examples: ['subject_wage_total * employee_rate'] },
    // The specification: "inputs: object; content varies by step".
    inputs: {
      type: 'object',
      additionalProperties: true,
      description: 'Input values; content varies by step.',
      examples: [{ subject_wage_total: 300000 }],
    },
    raw_amount: {
      type: ['string', 'null'],
      description: 'Unrounded result as a decimal string; null for steps without an amount (settings_resolution).',
      examples: ['1500'],
    },
    rounding_rule: {
      type: ['string', 'null'],
      description: 'Named rounding rule, or null.',
      examples: ['round_50_sen_or_less_down_over_50_sen_up_to_yen'],
    },
    rounded_amount: {
      type: ['integer', 'string', 'null'],
      description: 'Rounded result: integer yen, a decimal string for the hourly-base step, null for steps without an amount.',
      examples: [1500],
    },
    master_refs: { type: 'array', items: masterRefSchema, description: 'Masters read by this step.', examples: [[]] },
    notes: { type: 'string', description: 'Optional explanation.', examples: ['premium month 2026-04'] },
    rule: ruleRefSchema,
  },
} as const;

/** The request's custom deductions echoed in order (output type custom_deduction_list). */
export const customDeductionListSchema = {
  type: 'array',
  description: 'Custom deductions as given.',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'name', 'amount'],
    properties: {
      code: { type: 'string', examples: ['union'] },
      name: { type: 'string', examples: ['Union fee'] },
      amount: yen('Amount.', 2000),
      metadata: {
        type: ['object', 'null'],
        additionalProperties: true,
        description: 'metadata of the request item; null when none was given.',
        examples: [null],
      },
    },
    examples: [{ code: 'union', name: 'Union fee', amount: 2000 }],
  },
  examples: [[{ code: 'union', name: 'Union fee', amount: 2000 }]],
} as const;

/** A year-end adjustment's previous employers echoed (output type previous_employer_list). */
export const previousEmployerListSchema = { type: 'array', items: previousEmployerSchema } as const;

/** A calendar month (output types month and month_list). */
export const monthSchema = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', examples: ['2026-09'] } as const;

/** Months left out of a calculation, each with why (output type month_exclusion_list). */
export const monthExclusionListSchema = {
  type: 'array',
  description: 'Months left out, each with its reason.',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['month', 'reason_code', 'reason'],
    properties: {
      month: monthSchema,
      reason_code: { type: 'string', description: 'Machine-readable reason.', examples: ['payment_base_days_below_threshold'] },
      reason: { type: 'string', description: 'The reason in words.', examples: ['payment_base_days 10 is below 17 (general).'] },
    },
    examples: [
      { month: '2026-05', reason_code: 'payment_base_days_below_threshold', reason: 'payment_base_days 10 is below 17 (general).' },
    ],
  },
  examples: [[]],
} as const;

/** The calculations whose result names the employee (employee_ref): the payroll calculations and the leave premium exemption. */
const WITH_EMPLOYEE: readonly string[] = [
  'monthly_payroll',
  'bonus',
  'year_end_adjustment',
  'leave_premium_exemption',
  'retirement_allowance',
];

/**
 * The spec's fixed envelope of a result around the calculation's `amounts` schema (generated from its
 * pipeline's declared outputs: server/app/openapi/amounts-schema.ts).
 */
export function resultSchema(calculationType: string, amounts: object, example: object) {
  const withEmployee = WITH_EMPLOYEE.includes(calculationType);
  return {
    type: 'object',
    description: `Result of a ${calculationType} calculation. Nothing of it is stored.`,
    additionalProperties: false,
    required: [
      'calculation_id',
      'calculation_type',
      'company_id',
      ...(withEmployee ? ['employee_ref'] : []),
      'calculated_at',
      'settings_snapshot',
      'amounts',
      'calculation_trace',
      'warnings',
    ],
    properties: {
      calculation_id: {
        type: 'string',
        pattern: '^calc_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
        description: 'calc_ followed by a UUID.',
        examples: ['calc_0f8e5b7a-3c2d-4e1f-9a8b-7c6d5e4f3a2b'],
      },
      calculation_type: { type: 'string', const: calculationType, description: 'Calculation type.', examples: [calculationType] },
      company_id: { type: 'string', description: 'Company of the request.', examples: ['acme-tokyo'] },
      ...(withEmployee
        ? {
            employee_ref: {
              type: 'string',
              description:
                'employee_snapshot.employee_ref (year-end adjustment: employee.employee_ref; retirement allowance: employee_ref) of the request.',
              examples: ['emp-0001'],
            },
          }
        : {}),
      calculated_at: {
        type: 'string',
        format: 'date-time',
        pattern: 'Z$',
        description: 'UTC timestamp with milliseconds.',
        examples: ['2026-05-20T01:23:45.678Z'],
      },
      settings_snapshot: settingsSnapshotSchema,
      amounts,
      calculation_trace: {
        type: 'array',
        items: traceStepSchema,
        description: 'Explainable steps; empty when include_calculation_trace is false.',
      },
      warnings: {
        type: 'array',
        items: { type: 'string' },
        description:
          'Codes of what the caller should know: inputs that changed the calculation (e.g. EMPLOYEES_PENSION_BASIS_CLAMPED), and data the calculation combined (INCOME_TAX_TABLES_OF_DIFFERENT_YEARS: income tax tables of different years, whose versions settings_snapshot names; MASTER_CARRIED_FORWARD: a table or parameter used after the last date its published source covers, named in masters_carried_forward).',
        examples: [[]],
      },
      masters_carried_forward: {
        type: 'array',
        minItems: 1,
        description:
          'Only with the warning MASTER_CARRIED_FORWARD: each table the calculation resolved, then each parameter it read, that is in force on its date only because no newer version or value is published yet (the law carried forward, not published), with the last date its source covers.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'id', 'version', 'known_through'],
          properties: {
            type: {
              type: 'string',
              description: 'The table type, or parameter, as in a trace step master_refs.',
              examples: ['income_tax_table'],
            },
            id: {
              type: 'string',
              description: "The table id, or the parameter's path (area.name).",
              examples: ['nta-withholding-monthly'],
            },
            version: {
              type: 'string',
              description: "The version in force, as settings_snapshot names it, or the date of the parameter's value.",
              examples: ['2027-01'],
            },
            known_through: {
              type: 'string',
              format: 'date',
              description: "The last date the version's published source covers.",
              examples: ['2027-12-31'],
            },
          },
        },
        examples: [[{ type: 'income_tax_table', id: 'nta-withholding-monthly', version: '2027-01', known_through: '2027-12-31' }]],
      },
    },
    examples: [example],
  } as const;
}
