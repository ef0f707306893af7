/**
 * The request and response schemas of the batch endpoints, built from a single call's request schema
 * (as the engine in service validates it, server/app/validation/request-schemas.ts): the batch carries
 * the fields every request has once (company_id, calculation_date, payment_date, settings_lock,
 * calculation_options) and `items`, each the rest of a single call's request. The same constants
 * validate (the envelope without its items' schema, then each item by the item schema, so that a bad
 * item fails alone) and are published in openapi.json.
 */
import { errorResponseSchema } from '../schemas/error-response.ts';

/** The most items a batch may carry (also the body scan's bound on any array, http/json-scan.ts). */
export const MAX_BATCH_ITEMS = 1_000;

/** The fields of a request that a batch carries once for all of its items. */
export const BATCH_FIELDS = ['company_id', 'calculation_date', 'payment_date', 'settings_lock', 'calculation_options'] as const;
const BATCH_FIELD_SET: ReadonlySet<string> = new Set(BATCH_FIELDS);

type Json = Record<string, unknown>;

export interface BatchSchemas {
  /** One item: the single request's schema without the batch's fields. */
  item: Json;
  /** The whole batch body, as documented. */
  request: Json;
  /** The batch body with its items left to the item schema (what the envelope is validated by). */
  envelope: Json;
}

const memo = new WeakMap<object, BatchSchemas>();

function withoutBatchFields(value: Json): Json {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !BATCH_FIELD_SET.has(k)));
}

function onlyBatchFields(value: Json): Json {
  return Object.fromEntries(Object.entries(value).filter(([k]) => BATCH_FIELD_SET.has(k)));
}

/** The batch schemas of a single call's request schema (the same objects for the same schema). */
export function batchSchemasFor(requestSchema: object, typeName: string): BatchSchemas {
  const cached = memo.get(requestSchema);
  if (cached) return cached;
  const single = requestSchema as Json & { properties: Json; required: readonly string[]; examples?: readonly Json[] };
  const example = single.examples?.[0];
  const item: Json = {
    type: 'object',
    description: `One item of a ${typeName} batch: the fields of a single ${typeName} request but ${BATCH_FIELDS.join(', ')}, which the batch gives once for every item.`,
    additionalProperties: false,
    required: single.required.filter((f) => !BATCH_FIELD_SET.has(f)),
    properties: withoutBatchFields(single.properties),
    ...(example ? { examples: [withoutBatchFields(example)] } : {}),
  };
  const items = {
    type: 'array',
    minItems: 1,
    maxItems: MAX_BATCH_ITEMS,
    description: `The employees' requests, 1 to ${MAX_BATCH_ITEMS} (within the body limit, PAYROLL_MAX_BODY_BYTES); answered in this order.`,
  };
  const fields = onlyBatchFields(single.properties);
  const request: Json = {
    type: 'object',
    description: `A ${typeName} calculation for each item, all for one company and payment date: the company's profile and the tables are resolved for the batch, each item is checked and computed as a single call would be and answered in results[] at its index.`,
    additionalProperties: false,
    required: [...single.required.filter((f) => BATCH_FIELD_SET.has(f)), 'items'],
    properties: { ...fields, items: { ...items, items: item } },
    ...(example ? { examples: [{ ...onlyBatchFields(example), items: [withoutBatchFields(example)] }] } : {}),
  };
  const envelope: Json = { ...request, properties: { ...fields, items: { ...items, items: { type: 'object' } } } };
  const schemas = { item, request, envelope };
  memo.set(requestSchema, schemas);
  return schemas;
}

/** The answer of a batch: one entry per item, in the order of the request's items. */
export function batchResponseSchema(resultSchema: object, typeName: string): Json {
  const errorProperty = (errorResponseSchema as unknown as { properties: { error: object } }).properties.error;
  return {
    type: 'object',
    description: `The ${typeName} batch's answer (status 200 whenever the batch itself was valid): one entry per item, in the order of items.`,
    additionalProperties: false,
    required: ['results'],
    properties: {
      results: {
        type: 'array',
        description: 'One entry per item: its result (status 200) or the error envelope a single call would have answered (its status).',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['index', 'employee_ref', 'status'],
          properties: {
            index: { type: 'integer', minimum: 0, description: 'Position of the item in items (from 0).', examples: [0] },
            employee_ref: {
              type: ['string', 'null'],
              description: "The item's employee_snapshot.employee_ref as sent (null when the item has none).",
              examples: ['emp-0001'],
            },
            status: {
              type: 'integer',
              description: 'The status a single call with this item would have answered: 200, or that of error.code.',
              examples: [200],
            },
            // the result (status 200 only) and the error (any other status) as a single call answers them
            result: resultSchema,
            error: errorProperty,
          },
        },
      },
    },
  };
}

/** An answer of two items, the first computed (`result`, a result schema's example), the second refused. */
export function batchResultsExample(result: unknown): Json {
  return {
    results: [
      { index: 0, employee_ref: 'emp-0001', status: 200, result },
      {
        index: 1,
        employee_ref: 'emp-0002',
        status: 422,
        error: {
          code: 'validation_error',
          message: 'The request is invalid; see details.',
          request_id: '5b3f6a0e-8f0c-4c57-9d1e-3a2b1c0d9e8f',
          details: [{ path: ['bonus'], code: 'unknown_field', message: 'bonus is not a field of this object.' }],
        },
      },
    ],
  };
}
