/**
 * Reads a published table's CSV with csv-parse: quoted fields with commas (the notes columns), a UTF-8
 * byte-order mark (spreadsheet exports), CRLF line ends and a strict column count per line are handled by
 * a maintained parser instead of a split(',') that breaks on the first quoted comma. Rows come back as
 * objects by header name; a missing column is one clear error naming the file.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

export type CsvRow = Record<string, string>;

export class ImportError extends Error {}

export function readCsv(file: string, requiredColumns: readonly string[]): CsvRow[] {
  let rows: CsvRow[];
  try {
    rows = parse(readFileSync(file), { columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: false });
  } catch (e) {
    throw new ImportError(`${file}: ${(e as Error).message}`);
  }
  if (rows.length === 0) throw new ImportError(`${file}: no data rows`);
  const missing = requiredColumns.filter((c) => !(c in rows[0]));
  if (missing.length) throw new ImportError(`${file}: missing column(s) ${missing.join(', ')}; expected the published layout (${requiredColumns.join(', ')})`);
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
