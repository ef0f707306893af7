/**
 * Deep partial comparison: every key the expectation gives must be present and equal in the actual
 * value; keys it leaves out are not checked. Arrays compare element by element and must have the same
 * length. Returns the mismatches as "path: expected X, got Y".
 */
export function partialMismatches(expected: unknown, actual: unknown, path = ''): string[] {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path || '/'}: expected an object, got ${JSON.stringify(actual)}`];
    return Object.entries(expected).flatMap(([k, v]) => partialMismatches(v, (actual as Record<string, unknown>)[k], `${path}.${k}`));
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${JSON.stringify(actual)}`];
    if (actual.length !== expected.length) return [`${path}: expected ${expected.length} items, got ${actual.length} (${JSON.stringify(actual)})`];
    return expected.flatMap((v, i) => partialMismatches(v, actual[i], `${path}[${i}]`));
  }
  return Object.is(expected, actual) || expected === actual ? [] : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}
