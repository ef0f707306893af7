/**
 * JSON schema of a rule file (rules/<domain>/<formula_code>.yaml). Unknown keys are load errors, so a
 * misspelt field can never be silently ignored.
 */
import { MASTER_SLOT_KIND } from './slots.ts';
import { outputsSchema, outputsSchemaDefs } from './outputs.ts';

export const ruleSchema = {
  $id: 'rule',
  type: 'object',
  additionalProperties: false,
  required: [
    'formula_code',
    'step',
    'step_type',
    'title',
    'formula',
    'inputs',
    'masters',
    'expression',
    'rounding_rule',
    'output_key',
    'effective_from',
    'effective_to',
    'legal_source',
  ],
  properties: {
    formula_code: { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+\\.v[0-9]+$' },
    step: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
    step_type: {
      enum: [
        'settings_resolution',
        'statutory_deduction',
        'tax_calculation',
        'payment_aggregation',
        'deduction_aggregation',
        'attendance_calculation',
      ],
    },
    title: { type: 'string', minLength: 1 },
    formula: { type: 'string', minLength: 1 },
    inputs: {
      type: 'object',
      additionalProperties: { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z0-9_]+)*$' },
      propertyNames: { pattern: '^[a-z][a-z0-9_]*$' },
    },
    masters: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    bindings: { type: 'object', propertyNames: { pattern: '^_?[a-z][a-z0-9_]*$' } },
    expression: {},
    rounding_rule: { type: ['string', 'null'] },
    /** decimal_string: rounded_amount is always a decimal string (the hourly base), even when whole. */
    result_format: { enum: ['integer', 'decimal_string'] },
    output_key: { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z0-9_]+)+$' },
    also_outputs: {
      type: 'object',
      propertyNames: { pattern: '^[a-z][a-z0-9_]*(\\.[a-z0-9_]+)+$' },
      additionalProperties: { type: 'string' },
    },
    warnings: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'when'],
        properties: { code: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$' }, when: {} },
      },
    },
    notes: { type: 'string' },
    effective_from: { type: 'string', format: 'date' },
    effective_to: { type: ['string', 'null'], format: 'date' },
    /**
     * Which date chooses this version of the rule (default payment_date): premium_month = the first day
     * of the calculation's premium month (the pipeline's premium_month), e.g. a premium rule that changes
     * from a premium month. All versions of one formula code must declare the same basis.
     */
    date_basis: { enum: ['payment_date', 'premium_month'] },
    legal_source: { type: 'string', minLength: 1 },
    /**
     * Oldest version only: what the step does on dates before effective_from that the masters serve
     * (absent: skipped, output left out; zero: 0 written at output_key). Proved at load (check-coverage.ts).
     */
    before_effective_from: { enum: ['absent', 'zero'] },
  },
} as const;

/** A pipeline (rules/pipelines/<calculation_type>.yaml): the ordered steps of one calculation. */
export const pipelineSchema = {
  $id: 'pipeline',
  type: 'object',
  additionalProperties: false,
  required: ['calculation_type', 'premium_month', 'masters', 'steps', 'amounts'],
  properties: {
    calculation_type: { type: 'string' },
    description: { type: 'string' },
    /**
     * The premium month of this calculation, in months from the payment month, per the profile's
     * social_insurance_collection (翌月徴収 next_month: -1, the previous month's premium is withheld;
     * same_month: 0). Tables and rules whose date basis is premium_month are chosen by its first day.
     */
    premium_month: {
      type: 'object',
      additionalProperties: false,
      required: ['next_month', 'same_month'],
      properties: {
        next_month: { type: 'integer', minimum: -12, maximum: 12 },
        same_month: { type: 'integer', minimum: -12, maximum: 12 },
      },
    },
    /**
     * The master slots settings resolution looks up for this calculation (`masters.<slot>` in its
     * context): at least the five whose versions settings_snapshot reports; a rule of the pipeline that
     * reads another slot is a load problem.
     */
    masters: { type: 'array', items: { enum: Object.keys(MASTER_SLOT_KIND) }, uniqueItems: true },
    /**
     * Slots resolved only for a request the json-logic expression holds for (over `request.*` as sent,
     * before defaults and decimals: presence and codes), so a table a request does not read is neither
     * required nor in its snapshot; the steps reading the slot must run under a `when` it implies.
     */
    masters_when: { type: 'object', propertyNames: { enum: Object.keys(MASTER_SLOT_KIND) }, additionalProperties: {} },
    /**
     * The date that chooses every version (tables, rules, parameters, the company profile), as a json-logic
     * expression over `request.*` giving YYYY-MM-DD; default: the request's payment_date. A calculation whose
     * law is chosen by another date declares it here (the year-end adjustment: the last day of its tax year).
     */
    version_date: {},
    /** Values placed in the context before the first step: path -> json-logic expression. */
    prepare: { type: 'object', additionalProperties: {} },
    /**
     * Other calculations run after prepare, each at its own date: path (under work.) -> the calculation
     * type and a json-logic expression giving the list of its requests; the path receives the list of their
     * results ({request, amounts, settings_snapshot}), in order. Why: one answer that needs the law of several
     * dates (the premiums of each premium month at that month's rates).
     */
    calculations: {
      type: 'object',
      propertyNames: { pattern: '^work(\\.[a-z][a-z0-9_]*)+$' },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['calculation', 'requests'],
        properties: { calculation: { type: 'string' }, requests: {} },
      },
    },
    steps: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['rule'],
        properties: {
          rule: { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$' },
          when: {},
          /**
           * false: the step runs (its outputs and warnings count) but records no trace step, e.g. the
           * monthly premium rules a simulation reports as one step of its own. Default true.
           */
          trace: { type: 'boolean' },
        },
      },
    },
    /**
     * The outputs: the response's amounts in order, each field with its context path (`from`), type and
     * description, a block with its fields (engine/loading/rules/outputs.ts); a field whose value is null is left out.
     */
    amounts: outputsSchema,
  },
  $defs: outputsSchemaDefs,
} as const;
