/**
 * The context a calculation's first step sees, as a Shape (see context-shape.ts), built only from
 * schema constants: the calculation's request body schema, the profile version schema, the file schema
 * of the master kind behind each slot, and the settings snapshot schema. `amounts` and `work` start
 * empty: they hold exactly what the pipeline's prepare and earlier steps declare they write.
 */
import type { CalculationType } from '../calculation-type.ts';
import { settingsSnapshotSchema } from '../contract/common.ts';
import { REQUEST_SCHEMAS } from '../contract/request-schemas.ts';
import { MULTI_RECORD_KINDS, SCHEMAS } from '../masters/schemas/index.ts';
import type { MasterKind } from '../masters/types.ts';
import { profileVersionSchema } from '../profile/schema.ts';
import { MASTER_SLOT_KIND } from '../settings/slots.ts';
import { LEAF, objectShape, shapeOfSchema, withPath, type Shape } from './context-shape.ts';

type Schema = { properties: Record<string, unknown> };

/**
 * A loaded master record: the file's envelope and body, or for multi-record kinds the envelope and one
 * entry of `records`, plus `file` (the loader copies the envelope onto every record).
 */
export function masterRecordShape(kind: MasterKind): Shape {
  const file = SCHEMAS[kind] as Schema;
  const { records, ...rest } = file.properties;
  let shape = shapeOfSchema({ properties: MULTI_RECORD_KINDS.has(kind) ? rest : file.properties });
  if (MULTI_RECORD_KINDS.has(kind)) {
    const item = (records as { items: Schema }).items;
    for (const [name, sub] of Object.entries(item.properties)) shape = withPath(shape, [name], shapeOfSchema(sub as object));
  }
  return withPath(shape, ['file'], LEAF);
}

export function initialContextShape(type: CalculationType): Shape {
  const masters: Record<string, Shape> = {};
  for (const [slot, kind] of Object.entries(MASTER_SLOT_KIND)) masters[slot] = masterRecordShape(kind);
  return objectShape({
    request: shapeOfSchema(REQUEST_SCHEMAS[type]),
    profile: shapeOfSchema(profileVersionSchema),
    masters: objectShape(masters),
    settings: shapeOfSchema(settingsSnapshotSchema),
    // engine.ts: payment_date, and the premium month as YYYY-MM
    dates: objectShape({ payment_date: LEAF, premium_month: LEAF }),
    amounts: objectShape(),
    work: objectShape(),
  });
}

/** Root names of the context (what any rule's input path starts with). */
export const CONTEXT_ROOTS = ['request', 'employee', 'profile', 'masters', 'settings', 'dates', 'amounts', 'work'] as const;
