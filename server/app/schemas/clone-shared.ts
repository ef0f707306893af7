/** A deep copy of schema constants in which an object shared by several schemas is still one object. */

/**
 * `memo` maps each original object to its copy, so a caller can find the copy of a given constant
 * (refify names components by identity; the server sets data-derived limits on copies).
 */
export function cloneShared<T>(value: T, memo: Map<object, unknown>): T {
  if (value === null || typeof value !== 'object') return value;
  const seen = memo.get(value);
  if (seen) return seen as T;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    memo.set(value, out);
    for (const v of value) out.push(cloneShared(v, memo));
    return out as T;
  }
  const out: Record<string, unknown> = {};
  memo.set(value, out);
  for (const [k, v] of Object.entries(value)) out[k] = cloneShared(v, memo);
  return out as T;
}
