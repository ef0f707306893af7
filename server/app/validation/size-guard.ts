/**
 * The cheap first pass of request validation: container sizes only (maxItems, maxProperties, and
 * closed objects carrying far more keys than they define), walked along the schema without descending
 * into an oversize container. AJV with allErrors validates every item even when maxItems already
 * failed, so 300,000 empty array items used to cost seconds, gigabytes and a 185 MB answer; when this
 * pass finds a problem, nothing else runs (see validate-request.ts). Its work is linear in the part of
 * the body the schema describes and it allocates nothing per item.
 */
import type { ValidationDetail } from '../../../engine/index.ts';
import { MAX_DETAILS } from './limits.ts';

type Path = (string | number)[];
interface SchemaNode {
  type?: string | readonly string[];
  maxItems?: number;
  maxProperties?: number;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
}

/** Whether the schema's `type` (absent, one name or a list) admits values of this JSON type. */
export function allowsType(schema: { type?: string | readonly string[] }, type: string): boolean {
  return schema.type === undefined || schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

function tooManyItems(path: Path, maxItems: number, items: number): ValidationDetail {
  return { path, code: 'invalid_length', message: `must NOT have more than ${maxItems} items (has ${items}).` };
}

/*
 * The walk keeps one path, pushed and popped as it descends, and copies it only into a detail: it runs
 * on every request body, which almost never has an oversize container, so the happy path allocates
 * nothing per node (a new path array per key and a closure per array used to; the figures are in
 * docs/history/performance-rounds.md, twelfth round).
 */
function checkArray(schema: SchemaNode, data: unknown[], path: Path, out: ValidationDetail[]): void {
  if (schema.maxItems !== undefined && data.length > schema.maxItems) {
    out.push(tooManyItems(path.slice(), schema.maxItems, data.length));
    return;
  }
  const items = schema.items;
  if (!items || typeof items !== 'object') return;
  for (let i = 0; i < data.length; i++) {
    path.push(i);
    walk(items, data[i], path, out);
    path.pop();
  }
}

function tooManyProperties(path: Path, maxProperties: number, keys: number): ValidationDetail {
  return { path, code: 'invalid_length', message: `must NOT have more than ${maxProperties} properties (has ${keys}).` };
}

function checkObject(schema: SchemaNode, data: Record<string, unknown>, path: Path, out: ValidationDetail[]): void {
  const keys = Object.keys(data);
  if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) {
    out.push(tooManyProperties(path.slice(), schema.maxProperties, keys.length));
    return;
  }
  const properties = schema.properties ?? {};
  const additional = schema.additionalProperties;
  if (additional === false) {
    // A few unknown keys are listed one by one by the schema; this many would only flood the answer.
    let unknown = 0;
    for (let i = 0; i < keys.length; i++) if (!Object.hasOwn(properties, keys[i])) unknown++;
    if (unknown > MAX_DETAILS) {
      out.push({ path: path.slice(), code: 'unknown_field', message: `has ${unknown} fields that are not fields of this object.` });
      return;
    }
  }
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const sub = Object.hasOwn(properties, key) ? properties[key] : typeof additional === 'object' ? additional : undefined;
    if (!sub) continue;
    path.push(key);
    walk(sub, data[key], path, out);
    path.pop();
  }
}

function walk(schema: SchemaNode, data: unknown, path: Path, out: ValidationDetail[]): void {
  if (Array.isArray(data)) {
    if (allowsType(schema, 'array')) checkArray(schema, data, path, out);
  } else if (typeof data === 'object' && data !== null) {
    if (allowsType(schema, 'object')) checkObject(schema, data as Record<string, unknown>, path, out);
  }
}

/** Every oversize container the schema describes, outermost first; empty when all sizes are within bounds. */
export function sizeDetails(schema: object, body: unknown): ValidationDetail[] {
  const out: ValidationDetail[] = [];
  walk(schema as SchemaNode, body, [], out);
  return out;
}

/** The schema node that describes the value at path, if the schema describes it. */
function nodeAt(schema: SchemaNode, path: Path): SchemaNode | undefined {
  let node: SchemaNode | undefined = schema;
  for (const step of path) {
    if (node === undefined) return undefined;
    if (typeof step === 'number') node = node.items;
    else node = node.properties?.[step] ?? (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined);
  }
  return node;
}

/**
 * The detail for an array or object the body scan found too large to parse (http/json-scan.ts):
 * worded as the size check words it when the schema bounds it, else with the scan's own bound.
 */
export function oversizeDetail(
  schema: object,
  container: { kind: 'array' | 'object'; path: Path; items: number },
  scanBound: number,
): ValidationDetail {
  const { kind, path, items } = container;
  const node = nodeAt(schema as SchemaNode, path);
  const schemaBound = kind === 'array' ? node?.maxItems : node?.maxProperties;
  const bound = schemaBound !== undefined && schemaBound < items ? schemaBound : scanBound;
  return kind === 'array' ? tooManyItems(path, bound, items) : tooManyProperties(path, bound, items);
}
