/**
 * What JSON.stringify sees in a value, asked the way it asks: shared by the writers that must write
 * exactly its text (trace-json.ts, trace-compact.ts).
 */

/** An object JSON.stringify walks as a plain record: not an array, its prototype Object.prototype or null. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * A value JSON.stringify writes through its toJSON: read as JSON.stringify reads it (a property get), so
 * a toJSON that is not enumerable or is inherited, which a for-in over the keys never meets, is found too.
 * (v is not null or undefined.)
 */
export function hasToJson(v: unknown): boolean {
  return typeof (v as { toJSON?: unknown }).toJSON === 'function';
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** Text whose UTF-8 bytes are its UTF-16 units one for one (so it can be written as Latin-1). */
export function isAscii(s: string): boolean {
  return ASCII.test(s);
}
