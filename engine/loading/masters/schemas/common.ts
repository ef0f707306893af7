/**
 * Building blocks shared by the per-kind master schemas. Every object node carries
 * additionalProperties: false so a misspelt key is a load problem, not a silently ignored value
 * (test/masters/schemas.test.ts walks every schema to keep it so).
 */
import type { MasterKind } from '../types.ts';

export const date = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', format: 'date' } as const;
const dateOrNull = { type: ['string', 'null'], pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', format: 'date' } as const;
/** Rates are decimal strings, never YAML floats; the 0..1 range is an invariant (rates-in-unit-interval). */
export const rate = { type: 'string', pattern: '^(0|[1-9][0-9]*)(\\.[0-9]+)?$' } as const;
export const rateOrNull = { type: ['string', 'null'], pattern: '^(0|[1-9][0-9]*)(\\.[0-9]+)?$' } as const;
export const yen = { type: 'integer', minimum: 0 } as const;
export const yenOrNull = { type: ['integer', 'null'], minimum: 0 } as const;
export const text = { type: 'string', minLength: 1 } as const;
export const textOrNull = { type: ['string', 'null'], minLength: 1 } as const;

export const source = {
  type: 'object',
  additionalProperties: false,
  required: ['artifact_id', 'publisher', 'document', 'verification', 'confidence'],
  properties: {
    artifact_id: text,
    publisher: text,
    document: text,
    url: textOrNull,
    verification: text,
    confidence: text,
  },
} as const;

const ENVELOPE_KEYS = [
  'kind',
  'version',
  'effective_from',
  'effective_to',
  'known_through',
  'effective_date_basis',
  'provider',
  'source_artifact_id',
  'sources',
] as const;

/** Envelope properties of one file; `withId` false for multi-record files (each record has its own id). */
function envelope(kind: MasterKind, withId: boolean) {
  return {
    required: [...ENVELOPE_KEYS, ...(withId ? ['id'] : [])],
    properties: {
      kind: { const: kind },
      ...(withId ? { id: text } : {}),
      version: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$' },
      effective_from: date,
      effective_to: dateOrNull,
      // the last date the version's published source covers: a calculation after it is MASTER_CARRIED_FORWARD
      known_through: date,
      effective_date_basis: { enum: ['payment_date', 'premium_month'] },
      provider: text,
      source_artifact_id: textOrNull,
      sources: { type: 'array', minItems: 1, items: source },
    },
  };
}

/** A whole-file schema: envelope plus the kind's own properties. */
/**
 * `inherit_unchanged_records: true` (multi-record kinds whose published table changes only some rows):
 * the file lists only the records that changed; every other record of the previous version is carried
 * into this version unchanged (engine/loading/masters/inherit.ts), so each version still resolves complete and
 * the completeness checks (every prefecture, ...) apply to the version so resolved. Absent or false: the
 * file lists every record.
 */
export const inheritUnchangedRecords = { type: 'boolean' } as const;

export function fileSchema(kind: MasterKind, withId: boolean, required: string[], properties: Record<string, unknown>) {
  const env = envelope(kind, withId);
  return {
    $id: `masters/${kind}`,
    type: 'object',
    additionalProperties: false,
    required: [...env.required, ...required],
    properties: { ...env.properties, ...properties },
  };
}

/**
 * How a table's ranges are read (engine/loading/masters/range-table.ts): which bound fields, whether the upper
 * end is exclusive or inclusive, what happens outside every range, which error a miss raises and where
 * the matched row's position is reported. Data, so the lookup operators hold no statute.
 */
export const rangeConvention = {
  type: 'object',
  additionalProperties: false,
  required: ['upper_end', 'outside', 'not_found_error', 'index'],
  properties: {
    bounds: { type: 'array', items: { type: 'string', pattern: '^[a-z_]+$' }, minItems: 2, maxItems: 2 },
    upper_end: { enum: ['exclusive', 'inclusive'] },
    outside: { enum: ['error', 'nearest'] },
    // the engine error codes a failed table lookup may raise (engine/errors.ts)
    not_found_error: { enum: ['income_tax_lookup_failed', 'settings_not_resolved'] },
    index: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['field', 'base'],
      properties: { field: { type: 'string', pattern: '^[a-z_]+$' }, base: { enum: [0, 1] } },
    },
  },
} as const;
