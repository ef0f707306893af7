/**
 * Request schemas are written inline in their operation's requestBody, not as shared components.
 *
 * WHY: a request property with a `default` is optional (the server fills it in), but generators read a
 * `default` on a shared component as "always present": openapi-typescript with its default settings
 * types such properties as required everywhere except inside a requestBody, so a normal request did
 * not compile (openapi-ts/openapi-typescript#2012). Inside the requestBody they are optional, as they
 * are. The same goes for a component with defaulted properties that a request schema embeds
 * (AttendanceInput, Allowance, BonusTaxContext): it is written inline there too. Components without
 * defaults (EmployeeSnapshot, Period, ...) stay shared $refs.
 */

type Json = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';

function refName(value: unknown): string | undefined {
  const ref = (value as { $ref?: unknown } | null)?.$ref;
  return typeof ref === 'string' && ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : undefined;
}

/** Whether a schema (not following $refs) gives any property a default. */
function hasDefaultedProperty(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasDefaultedProperty);
  if (typeof value !== 'object' || value === null) return false;
  const properties = (value as { properties?: Record<string, unknown> }).properties ?? {};
  if (Object.values(properties).some((p) => typeof p === 'object' && p !== null && 'default' in p)) return true;
  return Object.entries(value).some(([k, v]) => k !== 'examples' && k !== 'default' && hasDefaultedProperty(v));
}

function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, found));
  else if (typeof value === 'object' && value !== null) {
    const name = refName(value);
    if (name) found.add(name);
    for (const [k, v] of Object.entries(value)) if (k !== 'examples' && k !== 'default') refsIn(v, found);
  }
  return found;
}

/**
 * Takes the named request schemas out of `components` (refified) and returns them with every $ref to a
 * component that has defaulted properties replaced by that component's schema; such components are
 * dropped from the shared ones when nothing else refers to them.
 */
export function inlineRequestSchemas(
  components: Record<string, object>,
  requestNames: string[],
): { requestSchemas: Record<string, Json>; schemas: Record<string, object> } {
  const inlined = new Set<string>();
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (typeof value !== 'object' || value === null) return value;
    const name = refName(value);
    if (name && hasDefaultedProperty(components[name])) {
      inlined.add(name);
      return inline(components[name]);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'examples' || k === 'default' ? v : inline(v)]));
  };
  const requestSchemas = Object.fromEntries(requestNames.map((name) => [name, inline(components[name]) as Json]));
  const schemas = Object.fromEntries(Object.entries(components).filter(([name]) => !requestNames.includes(name)));
  const stillReferenced = refsIn([Object.values(schemas), Object.values(requestSchemas)]);
  for (const name of inlined) if (!stillReferenced.has(name)) delete schemas[name];
  return { requestSchemas, schemas };
}
