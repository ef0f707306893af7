/**
 * Reads a published table's CSV with csv-parse: quoted fields with commas (the notes columns), a UTF-8
 * byte-order mark (spreadsheet exports), CRLF line ends and a strict column count per line are handled by
 * a maintained parser instead of a split(',') that breaks on the first quoted comma. Rows come back as
 * objects by header name; a missing column is one clear error naming the file. Before any row is used the
 * file is held to the import limits (limits.ts), decoded in its declared encoding (encoding.ts), and its
 * text columns are checked for spreadsheet formulas (formula-cells.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { decodeCsv, type CsvEncoding } from './encoding.ts';
import { ImportError } from './errors.ts';
import { refuseFormulaCells } from './formula-cells.ts';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './limits.ts';

export { ImportError } from './errors.ts';

export type CsvRow = Record<string, string>;

export interface CsvLayout {
  /** columns the kind reads; all must be present */
  columns: readonly string[];
  /** columns holding names or codes (written to the master as text) */
  textColumns: readonly string[];
}

export function readCsv(file: string, layout: CsvLayout, encoding: CsvEncoding = 'utf-8'): CsvRow[] {
  const size = statSync(file).size;
  if (size > MAX_IMPORT_BYTES) {
    throw new ImportError(
      `${file}: ${size.toLocaleString('en-US')} bytes, more than the import limit of ${MAX_IMPORT_BYTES.toLocaleString('en-US')} bytes (MAX_IMPORT_BYTES): a published table is about 14 KB; refused`,
    );
  }
  const text = decodeCsv(readFileSync(file), file, encoding);
  let rows: CsvRow[];
  try {
    // one row past the limit is enough to know the file is over it
    rows = parse(text, {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
      to: MAX_IMPORT_ROWS + 1,
    });
  } catch (e) {
    throw new ImportError(`${file}: ${(e as Error).message}`);
  }
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new ImportError(
      `${file}: more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} data rows, the import limit (MAX_IMPORT_ROWS): a published table has a few hundred; refused`,
    );
  }
  if (rows.length === 0) throw new ImportError(`${file}: no data rows`);
  const missing = layout.columns.filter((c) => !(c in rows[0]));
  if (missing.length)
    throw new ImportError(`${file}: missing column(s) ${missing.join(', ')}; expected the published layout (${layout.columns.join(', ')})`);
  refuseFormulaCells(rows, layout.textColumns, file);
  return rows;
}

/** An integer of yen from a CSV cell; line numbers count the header as line 1. */
export function yenCell(row: CsvRow, column: string, line: number, file: string): number {
  const v = row[column];
  if (!/^(0|[1-9][0-9]*)$/.test(v)) throw new ImportError(`${file} line ${line} ${column}: "${v}" is not a whole number of yen`);
  return Number(v);
}

export function yenOrEmpty(row: CsvRow, column: string, line: number, file: string): number | null {
  return row[column] === '' ? null : yenCell(row, column, line, file);
}

/** A cell that must match a pattern (codes, months, dates), refused with what was expected. */
export function patternCell(row: CsvRow, column: string, line: number, file: string, pattern: RegExp, expected: string): string {
  const v = row[column];
  if (!pattern.test(v)) throw new ImportError(`${file} line ${line} ${column}: "${v}" is not ${expected}`);
  return v;
}
