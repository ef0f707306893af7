/**
 * Deep partial comparison: every key the expectation gives must be present and equal in the actual
 * value; keys it leaves out are not checked. Arrays compare element by element and must have the same
 * length. Each mismatch keeps its path as segments (so `--update` can write the actual value back at
 * exactly that place in the YAML) and both values.
 */
export type PathSegment = string | number;

export interface Mismatch {
  /** Where in the case's `expect` (e.g. ['amounts', 'statutory_deductions', 'health_insurance']). */
  path: PathSegment[];
  expected: unknown;
  actual: unknown;
  /** What kind of difference, when it is not a plain value difference ("expected an object"). */
  note?: string;
}

export function partialMismatches(expected: unknown, actual: unknown, path: PathSegment[]): Mismatch[] {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      return [{ path, expected, actual, note: 'expected an object' }];
    return Object.entries(expected).flatMap(([k, v]) => partialMismatches(v, (actual as Record<string, unknown>)[k], [...path, k]));
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [{ path, expected, actual, note: 'expected an array' }];
    if (actual.length !== expected.length)
      return [{ path, expected, actual, note: `expected ${expected.length} items, got ${actual.length}` }];
    return expected.flatMap((v, i) => partialMismatches(v, actual[i], [...path, i]));
  }
  return Object.is(expected, actual) || expected === actual ? [] : [{ path, expected, actual }];
}

/** "amounts.statutory_deductions.health_insurance", "trace[2].rounded_amount" */
export function pathText(path: PathSegment[]): string {
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('') || '/';
}
