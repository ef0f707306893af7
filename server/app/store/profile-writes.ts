/**
 * What a profile PUT must write: the rows (by position, oldest first) whose version differs from what
 * is stored, and where the rows that are no longer there begin. A PUT with a later effective_from
 * changes two rows (the previous version's effective_to and the new one), a replacement of the last
 * version one; the stores used to delete and insert every version of the company on every PUT.
 */
import type { ProfileVersion } from '../../../engine/index.ts';

interface ProfileRowWrites {
  /** Rows to insert or overwrite at their position, with the document to store. */
  upserts: { position: number; version: string; document: string }[];
  /** Rows at this position and after are deleted (null: none). */
  deleteFrom: number | null;
}

export function profileRowWrites(before: readonly ProfileVersion[], after: readonly ProfileVersion[]): ProfileRowWrites {
  const upserts: ProfileRowWrites['upserts'] = [];
  for (let i = 0; i < after.length; i++) {
    const document = JSON.stringify(after[i]);
    if (i < before.length && (after[i] === before[i] || document === JSON.stringify(before[i]))) continue;
    upserts.push({ position: i, version: after[i]!.version, document });
  }
  return { upserts, deleteFrom: after.length < before.length ? after.length : null };
}
