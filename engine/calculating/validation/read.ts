/**
 * Defensive readers for cross-field rules. The rules run after the JSON schema but must also survive
 * bodies the schema rejected (all problems are reported together), so nothing here trusts a shape.
 */
import type { ValidationDetail } from '../../errors.ts';

export type Path = (string | number)[];
export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function objAt(o: unknown, key: string): Obj | undefined {
  if (!isObj(o)) return undefined;
  const v = o[key]; // read once (the key varies by caller: each read is a keyed lookup)
  return isObj(v) ? v : undefined;
}

export function has(o: Obj | undefined, key: string): boolean {
  return o !== undefined && Object.hasOwn(o, key) && o[key] !== undefined;
}

/** A safe integer, or undefined for anything else (so a rule skips what the schema already rejects). */
export function intAt(o: Obj | undefined, key: string): number | undefined {
  const v = o?.[key];
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined;
}

export function itemsAt(o: Obj | undefined, key: string): unknown[] {
  const v = o?.[key];
  return Array.isArray(v) ? v : [];
}

export function detail(path: Path, code: string, message: string): ValidationDetail {
  return { path, code, message };
}
