/**
 * The combined grade CSV (standard_monthly_remuneration_grades.csv) holds the health and the pension
 * grades side by side and no date; both grade kinds read it through these.
 */
import { ImportError, yenCell, yenOrEmpty, type CsvRow } from '../csv.ts';
import { line, type ImportOptions } from './shared.ts';

/** The grade table carries no date: the first premium month it applies to is given with --select. */
export function gradeMonth(file: string, options: ImportOptions): string {
  const month = options.select;
  if (!month || !/^\d{4}-\d{2}$/.test(month)) throw new ImportError(`${file}: the grade table carries no date; give --select YYYY-MM (its first premium month)`);
  return month;
}

type Scheme = 'health' | 'pension';

/** The columns one scheme's grades are read from. */
export const gradeColumns = (scheme: Scheme) => [`${scheme}_grade`, 'standard_monthly_remuneration', `${scheme}_remuneration_from`, `${scheme}_remuneration_to`];

/** Grade rows of one scheme (health or pension); rows without a grade in it are skipped. */
export function gradeRows(rows: CsvRow[], file: string, scheme: Scheme) {
  return rows.flatMap((r, i) =>
    r[`${scheme}_grade`] === ''
      ? []
      : [{
          grade: yenCell(r, `${scheme}_grade`, line(i), file),
          standard_monthly_remuneration: yenCell(r, 'standard_monthly_remuneration', line(i), file),
          from: yenCell(r, `${scheme}_remuneration_from`, line(i), file),
          to: yenOrEmpty(r, `${scheme}_remuneration_to`, line(i), file),
          bounds_status: 'confirmed',
        }],
  );
}

export const GRADE_NOTE = 'bounds_status is "confirmed" for every imported row: mark any inferred bound by hand';
