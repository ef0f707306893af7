/** Published percentages to the masters' decimal-string fractions, exactly (decimal.js, never floats). */
import { Decimal } from '../../engine/tooling.ts';
import { ImportError, type CsvRow } from './csv.ts';

const NUMBER = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

function decimalCell(row: CsvRow, column: string, line: number, file: string): Decimal {
  const v = row[column];
  if (!NUMBER.test(v)) throw new ImportError(`${file} line ${line} ${column}: "${v}" is not a decimal number`);
  return new Decimal(v);
}

/** "4.925" (%) -> "0.04925"; "0.000" -> "0" */
export function percentToRate(row: CsvRow, column: string, line: number, file: string, divisor = 1): string {
  return decimalCell(row, column, line, file).div(100).div(divisor).toFixed();
}

/** "0.0055" -> "0.0055" (already a fraction; normalised: no trailing zeros) */
export function fractionRate(row: CsvRow, column: string, line: number, file: string): string {
  return decimalCell(row, column, line, file).toFixed();
}
