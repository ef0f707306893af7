/**
 * Examples set on a copy of the schema constants (cloneShared), for the OpenAPI document only (validation
 * never reads an example): the constants stay free of data, and the document shows what the engine loaded.
 */
type Schema = Record<string, unknown>;

/**
 * `example` as the schema's example and, below it, each property's (and an array's items') example from
 * the same value. Property schemas are replaced by filled copies, so a sub-schema shared with another
 * schema keeps its own examples there; a named component (`named`) is left as it is: it has its own.
 */
export function setExample(schema: Schema, example: unknown, named: ReadonlySet<object>): void {
  schema.examples = [example];
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (properties && example !== null && typeof example === 'object' && !Array.isArray(example)) {
    const filled: Record<string, Schema> = {};
    for (const [name, sub] of Object.entries(properties)) {
      const value = (example as Record<string, unknown>)[name];
      filled[name] = value === undefined || typeof sub !== 'object' || named.has(sub) ? sub : filledCopy(sub, value, named);
    }
    schema.properties = filled;
  }
  const items = schema.items as Schema | undefined;
  const structured = items && typeof items === 'object' && (items.properties !== undefined || items.items !== undefined);
  if (structured && !named.has(items) && Array.isArray(example) && example.length) schema.items = filledCopy(items, example[0], named);
}

function filledCopy(schema: Schema, example: unknown, named: ReadonlySet<object>): Schema {
  const copy = { ...schema };
  setExample(copy, example, named);
  return copy;
}
