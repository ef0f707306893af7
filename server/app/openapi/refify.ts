/**
 * The schema constants embed each other by reference (monthly request -> employee snapshot -> ...),
 * which AJV needs. In the OpenAPI document every embedded constant that is itself a named component
 * becomes a $ref, so each definition appears once and clients generate one type per concept.
 */
export function refify(components: Record<string, object>): Record<string, object> {
  const names = new Map<object, string>();
  for (const [name, schema] of Object.entries(components)) if (!names.has(schema)) names.set(schema, name);

  const walk = (value: unknown, root: object): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, root));
    if (typeof value !== 'object' || value === null) return value;
    const name = value !== root ? names.get(value) : undefined;
    if (name) return { $ref: `#/components/schemas/${name}` };
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'examples' || k === 'default' ? v : walk(v, root)]));
  };

  return Object.fromEntries(Object.entries(components).map(([name, schema]) => [name, walk(schema, schema) as object]));
}
