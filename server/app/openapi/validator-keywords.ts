/**
 * The schema constants carry keywords only the service's validator understands: ajv-errors'
 * `errorMessage` (the API's own wording of a failed pattern). They are not JSON Schema, so OpenAPI
 * tools reject them (`redocly lint`: "Property `errorMessage` is not expected here"); the published
 * document goes without them. The messages themselves are still what a 422 says.
 */
const VALIDATOR_ONLY = new Set(['errorMessage']);

/** Keywords whose value is data (an example, a constant), never a schema: copied as they are. */
const DATA = new Set(['examples', 'example', 'default', 'const', 'enum']);

/** Keywords whose value maps names to schemas: the names are data, each value a schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

type Json = Record<string, unknown>;

function schemaMap(map: Json): Json {
  return Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, withoutValidatorKeywords(schema)]));
}

/** A copy of a schema (or a map or list of schemas) without validator-only keywords. */
export function withoutValidatorKeywords<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withoutValidatorKeywords) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VALIDATOR_ONLY.has(key)) continue;
    if (DATA.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) out[key] = schemaMap(value as Json);
    else out[key] = withoutValidatorKeywords(value);
  }
  return out as T;
}
