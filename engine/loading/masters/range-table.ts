/**
 * A range table: rows each covering an amount range, and HOW the ranges are read, both as data. The
 * convention (which end of a range is closed, what happens outside every range, which error a failed
 * lookup raises, how the matched row is numbered) is declared in the master file (`range_convention`),
 * so the lookup operators know no statute: the grade tables' open first and last grades, the bonus
 * table's [lower, upper) bands and the computer-method tiers' closed [from, to] all differ only here.
 */
import type { Decimal } from '../../decimal.ts';
import type { EngineErrorCode } from '../../errors.ts';

export interface RangeConvention {
  /** The names of the two bound fields of a row (upper null = open). */
  bounds: [string, string];
  /** The lower bound is always inclusive; the upper one is `exclusive` (from <= x < to) or `inclusive`. */
  upper_end: 'exclusive' | 'inclusive';
  /** Outside every range: `error`, or `nearest` (below the first row -> the first, above the last -> the last). */
  outside: 'error' | 'nearest';
  /** The error code a failed lookup raises (e.g. income_tax_lookup_failed). */
  not_found_error: EngineErrorCode;
  /** Where the matched row's position is reported, and from which number it counts (0 or 1); null = not reported. */
  index: { field: string; base: 0 | 1 } | null;
}

export type RangeRow = Record<string, unknown>;

export interface RangeTable {
  /** Names the table in error messages ("monthly withholding table nta-withholding-monthly version 2026-01"). */
  label: string;
  /** Why the table cannot be used (its data is not imported), or null. */
  unavailable: string | null;
  convention: RangeConvention;
  /** One row list, or several columns of rows chosen by name (kou_0 ... kou_7, otsu). */
  rows?: RangeRow[];
  columns?: Record<string, RangeRow[]>;
}

/** The range bounds of one row as the convention names them. */
export function rowBounds(row: RangeRow, c: RangeConvention): [Decimal, Decimal | null] {
  return [row[c.bounds[0]] as Decimal, (row[c.bounds[1]] ?? null) as Decimal | null];
}
