/** Builds a RangeTable from a master file's `range_convention` and the rows the builder decoded. */
import type { RangeConvention, RangeRow, RangeTable } from '../range-table.ts';
import type { Raw } from './envelope.ts';

export function convention(raw: Raw): RangeConvention {
  const c = raw.range_convention as Raw;
  return {
    bounds: (c.bounds ?? ['from', 'to']) as [string, string],
    upper_end: c.upper_end,
    outside: c.outside,
    not_found_error: c.not_found_error,
    index: c.index ?? null,
  };
}

export function rangeTable(
  raw: Raw,
  what: string,
  data: { rows: RangeRow[] } | { columns: Record<string, RangeRow[]> },
  unavailable: string | null = null,
): RangeTable {
  return { label: `${what} ${raw.id} version ${raw.version}`, unavailable, convention: convention(raw), ...data };
}
