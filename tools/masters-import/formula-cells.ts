/**
 * CSV formula injection: a cell that starts with =, +, -, @ (or a tab or carriage return before one) is run
 * as a formula by a spreadsheet that opens the file, and a master written from it carries the formula into
 * every later export (OWASP "CSV Injection"). Names, codes and sources never start that way, so such a cell
 * in a text column is refused, naming the line and column; numbers are checked by their own patterns.
 */
import { ImportError } from './errors.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

export function refuseFormulaCells(rows: Record<string, string>[], textColumns: readonly string[], file: string): void {
  rows.forEach((row, i) => {
    for (const column of textColumns) {
      const v = row[column];
      if (v !== undefined && FORMULA_START.test(v)) {
        throw new ImportError(
          `${file} line ${i + 2} ${column}: "${v.slice(0, 40)}" starts with ${JSON.stringify(v[0])}: a spreadsheet would run it as a formula (CSV formula injection); a name or code never starts that way, refused`,
        );
      }
    }
  });
}
