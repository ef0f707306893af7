/**
 * The combined grade CSV (standard_monthly_remuneration_grades.csv) holds the health and the pension
 * grades side by side and no date; gradeKind makes both grade kinds from it.
 */
import { ImportError, yenCell, yenOrEmpty, type CsvRow } from '../csv.ts';
import { toFill } from '../placeholder.ts';
import { fieldPlaceholder, type UniformField } from '../uniform.ts';
import { importedMaster, line, type ImportKind, type ImportOptions } from './shared.ts';

/** The grade table carries no date: the first premium month it applies to is given with --select. */
function gradeMonth(file: string, options: ImportOptions): string {
  const month = options.select;
  if (!month || !/^\d{4}-\d{2}$/.test(month))
    throw new ImportError(`${file}: the grade table carries no date; give --select YYYY-MM (its first premium month)`);
  return month;
}

type Scheme = 'health' | 'pension';

/** The columns one scheme's grades are read from. */
const gradeColumns = (scheme: Scheme) => [
  `${scheme}_grade`,
  'standard_monthly_remuneration',
  `${scheme}_remuneration_from`,
  `${scheme}_remuneration_to`,
];

/** Grade rows of one scheme (health or pension); rows without a grade in it are skipped. */
function gradeRows(rows: CsvRow[], file: string, scheme: Scheme) {
  return rows.flatMap((r, i) =>
    r[`${scheme}_grade`] === ''
      ? []
      : [
          {
            grade: yenCell(r, `${scheme}_grade`, line(i), file),
            standard_monthly_remuneration: yenCell(r, 'standard_monthly_remuneration', line(i), file),
            from: yenCell(r, `${scheme}_remuneration_from`, line(i), file),
            to: yenOrEmpty(r, `${scheme}_remuneration_to`, line(i), file),
            bounds_status: 'confirmed',
          },
        ],
  );
}

const GRADE_NOTE = 'bounds_status is "confirmed" for every imported row: mark any inferred bound by hand';

/** A grade kind: one scheme's grades of the CSV in a master dated by --select, after the master's own fields. */
export function gradeKind(
  scheme: Scheme,
  t: {
    description: string;
    folder: string;
    kind: string;
    id: string;
    uniform?: UniformField[];
    fields?: Record<string, unknown>;
    notes?: string[];
  },
): ImportKind {
  return {
    description: t.description,
    columns: gradeColumns(scheme),
    textColumns: [],
    uniform: t.uniform,
    build(rows, file, options) {
      const month = gradeMonth(file, options);
      return importedMaster(
        t.folder,
        { kind: t.kind, id: t.id, version: month, from: `${month}-01`, to: null, basis: 'premium_month' },
        {
          range_convention: toFill('how the grades are read, e.g. {upper_end: exclusive, outside: nearest, ...}'),
          ...Object.fromEntries((t.uniform ?? []).map((f) => [f.name, fieldPlaceholder(f)])),
          ...t.fields,
          grades: gradeRows(rows, file, scheme),
        },
        [GRADE_NOTE, ...(t.notes ?? [])],
      );
    },
  };
}
