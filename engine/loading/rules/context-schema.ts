/**
 * The context a calculation's first step sees, as a Shape (see context-shape.ts), built only from
 * schema constants: the calculation's request body schema, the profile version schema, the file schema
 * of the master kind behind each slot, and the settings snapshot schema. `amounts` and `work` start
 * empty: they hold exactly what the pipeline's prepare and earlier steps declare they write.
 */
import type { CalculationType } from '../../calculation-type.ts';
import { settingsSnapshotSchema } from '../../contract/common.ts';
import { REQUEST_SCHEMAS } from '../../contract/request-schemas.ts';
import { BUILT_FIELDS } from '../masters/records/built-fields.ts';
import { MASTER_KINDS, MULTI_RECORD_KINDS, SCHEMAS } from '../masters/schemas/index.ts';
import type { MasterKind, MasterSet } from '../masters/types.ts';
import { profileVersionSchema } from '../../contract/calculation-profile.ts';
import { MASTER_SLOT_KIND, type ResolvedSlot } from './slots.ts';
import { LEAF, OPEN, objectShape, shapeOfSchema, shapeOfValues, withPath, type Shape } from './context-shape.ts';
import type { ParameterSet } from '../parameters/set.ts';

type Schema = { properties: Record<string, unknown> };

/**
 * A loaded master record: the file's envelope and body, or for multi-record kinds the envelope and one
 * entry of `records`, plus `file` (the loader copies the envelope onto every record). Used when the
 * masters themselves are not at hand (loadRules alone); the builders' added fields come from BUILT_FIELDS.
 */
export function masterRecordShape(kind: MasterKind): Shape {
  const file = SCHEMAS[kind] as Schema;
  const { records, ...rest } = file.properties;
  let shape = shapeOfSchema({ properties: MULTI_RECORD_KINDS.has(kind) ? rest : file.properties });
  if (MULTI_RECORD_KINDS.has(kind)) {
    const item = (records as { items: Schema }).items;
    for (const [name, sub] of Object.entries(item.properties)) shape = withPath(shape, [name], shapeOfSchema(sub as object));
  }
  for (const [name, sub] of Object.entries(BUILT_FIELDS[kind]?.properties ?? {})) shape = withPath(shape, [name], shapeOfSchema(sub));
  return withPath(shape, ['file'], LEAF);
}

/**
 * The record shape of each master kind. With the loaded masters it is exact: the union of the records
 * themselves, as the builders shaped them (income tax rows become objects, display-only fields are
 * dropped); without them, derived from the file schemas.
 */
export function masterShapes(masters?: MasterSet): Record<MasterKind, Shape> {
  const out = {} as Record<MasterKind, Shape>;
  for (const kind of MASTER_KINDS) {
    const records = masters?.all(kind) ?? [];
    out[kind] = records.length ? shapeOfValues(records) : masterRecordShape(kind);
  }
  return out;
}

/**
 * `parameters.<area>.<name>`: exactly the parameters masters/parameters/ declares (a scalar is a value, a
 * table is read by the table operators only); without the loaded masters, open.
 */
function parametersShape(parameters?: ParameterSet): Shape {
  if (!parameters) return OPEN;
  let shape = parameterShapes.get(parameters);
  if (shape) return shape;
  shape = objectShape();
  for (const p of parameters.all()) shape = withPath(shape, p.path.split('.'), p.unit === 'table' ? OPEN : LEAF);
  parameterShapes.set(parameters, shape);
  return shape;
}

/** Made once per loaded parameter set (every pipeline's context holds the same), never changed once made. */
const parameterShapes = new WeakMap<ParameterSet, Shape>();

/** `slots`: the master slots the calculation's pipeline resolves (default all); no other is in `masters`. */
export function initialContextShape(
  type: CalculationType,
  kinds: Record<MasterKind, Shape> = masterShapes(),
  slots: readonly ResolvedSlot[] = Object.keys(MASTER_SLOT_KIND) as ResolvedSlot[],
  parameters?: ParameterSet,
): Shape {
  const masters: Record<string, Shape> = {};
  for (const slot of slots) masters[slot] = kinds[MASTER_SLOT_KIND[slot]];
  return objectShape({
    request: shapeOfSchema(REQUEST_SCHEMAS[type]),
    profile: shapeOfSchema(profileVersionSchema),
    masters: objectShape(masters),
    // the parameters in force on the reading rule's own date (engine/calculating/run.ts)
    parameters: parametersShape(parameters),
    settings: shapeOfSchema(settingsSnapshotSchema),
    // engine.ts: payment_date, and the premium month as YYYY-MM
    dates: objectShape({ payment_date: LEAF, premium_month: LEAF }),
    amounts: objectShape(),
    work: objectShape(),
  });
}

/** Root names of the context (what any rule's input path starts with). */
export const CONTEXT_ROOTS = ['request', 'employee', 'profile', 'masters', 'parameters', 'settings', 'dates', 'amounts', 'work'] as const;
