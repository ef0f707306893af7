/**
 * JSON schemas of the data-declared masters that are not tables of a fixed kind:
 *  - `kind: parameters` (masters/parameters/<area>.yaml): effective-dated parameters read by path
 *    (`parameters.<area>.<name>`), each a scalar (rate, yen, count, ...) or a dated table with declared
 *    columns (unit `table`), every value with its source;
 *  - `kind: plausibility_bounds`: the plausible range of a named field of the table masters (the
 *    employee-share bounds the rates-plausible invariant applies), each with its basis.
 * Every object node has additionalProperties: false (test/masters/schemas.test.ts keeps it so).
 */
import { date, rangeConvention, source, text } from '../masters/schemas/common.ts';

/** A decimal string (rates, fractional amounts): never a YAML float, so "0.001" stays exact. */
const decimalString = { type: 'string', pattern: '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$' } as const;

/** The units a scalar parameter or a table column may have (engine/loading/parameters/units.ts reads them). */
const SCALAR_UNITS = ['rate', 'yen', 'count', 'months', 'decimal', 'text', 'flag'] as const;

const range = {
  type: 'object',
  additionalProperties: false,
  required: ['min', 'max', 'basis'],
  properties: { min: decimalString, max: decimalString, basis: text },
} as const;

const name = { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } as const;

/** One dated value: the value (or rows, for a table) in force from its date until the next date; null ends it. */
const datedValue = {
  type: 'object',
  additionalProperties: false,
  required: ['source'],
  properties: {
    /** a scalar: decimal string, integer, text or boolean by unit; null = not in force from this date (repealed) */
    value: { type: ['string', 'integer', 'boolean', 'null'] },
    /** a table: its rows, each a mapping of the declared columns */
    rows: {
      type: 'array',
      items: {
        type: 'object',
        propertyNames: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
        additionalProperties: { type: ['string', 'integer', 'null'] },
      },
    },
    source,
    /** the value is not confirmed by its source (e.g. estimated, or read from a draft): marked, never silently used as confirmed */
    inferred: { type: 'boolean' },
    /** with value null: this period's law is not in the masters (a year not yet loaded), not repealed; a calculation reading it is settings_not_resolved */
    status: { const: 'not_imported' },
    note: text,
  },
} as const;

const column = {
  type: 'object',
  additionalProperties: false,
  required: ['unit', 'description'],
  properties: { unit: { enum: SCALAR_UNITS.filter((u) => u !== 'flag') }, description: text, nullable: { type: 'boolean' } },
} as const;

const parameter = {
  type: 'object',
  additionalProperties: false,
  required: ['description', 'unit', 'known_through', 'values'],
  properties: {
    description: text,
    unit: { enum: [...SCALAR_UNITS, 'table'] },
    /** the last date the sources of its newest value cover: a calculation reading that value later is MASTER_CARRIED_FORWARD */
    known_through: date,
    /** the statute that defines the parameter (each value still cites its own source) */
    legal_basis: text,
    /** plausible range with its legal basis: a value outside is refused by masters:check */
    range,
    /** unit table: the columns of every row, and how the rows' ranges are read (range_lookup) */
    columns: { type: 'object', propertyNames: name, minProperties: 1, additionalProperties: column },
    range_convention: rangeConvention,
    /** unit table: a published tax table, listed by GET /v1/masters/tax-tables under this `table` name */
    tax_table: name,
    /** effective date (YYYY-MM-DD, ascending) -> the value in force from that date */
    values: { type: 'object', minProperties: 1, propertyNames: date, additionalProperties: datedValue },
  },
} as const;

export const parametersFileSchema = {
  $id: 'masters/parameters',
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'area', 'description', 'parameters'],
  properties: {
    kind: { const: 'parameters' },
    /** the file's name without .yaml: rules read parameters.<area>.<name> */
    area: name,
    description: text,
    parameters: { type: 'object', minProperties: 1, propertyNames: name, additionalProperties: parameter },
  },
} as const;

export const plausibilityBoundsSchema = {
  $id: 'masters/plausibility_bounds',
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'description', 'bounds'],
  properties: {
    kind: { const: 'plausibility_bounds' },
    description: text,
    /** field name (as written in the table masters) -> its plausible range and why */
    bounds: { type: 'object', minProperties: 1, propertyNames: name, additionalProperties: range },
  },
} as const;
