/**
 * `?as_of=YYYY-MM-DD` on the master listings: only the versions in force on that day (effective_from on or
 * before it, effective_to absent, null or on or after it). Absent: every version. Anything else: 422
 * validation_error at ["query", "as_of"].
 */
import { isIsoDate } from '../../../engine/index.ts';
import { ApiError } from '../errors/api-error.ts';

type Dated = Record<string, unknown>;

export function asOfDate(query: Record<string, unknown>): string | null {
  const value = query.as_of;
  if (value === undefined) return null;
  if (typeof value === 'string' && isIsoDate(value)) return value;
  throw new ApiError('validation_error', {
    details: [{ path: ['query', 'as_of'], code: 'invalid_format', message: 'as_of must be a date written YYYY-MM-DD, given once.' }],
  });
}

export function inForceOn<T extends Dated>(records: readonly T[], date: string | null): readonly T[] {
  if (date === null) return records;
  return records.filter(
    (r) => String(r.effective_from) <= date && (r.effective_to === null || r.effective_to === undefined || date <= String(r.effective_to)),
  );
}
