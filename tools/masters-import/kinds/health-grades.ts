/** The health insurance standard monthly remuneration grades. */
import { GRADE_NOTE, gradeColumns, gradeMonth, gradeRows } from './grade-rows.ts';
import { importedMaster, type ImportKind } from './shared.ts';

export const healthGrades: ImportKind = {
  description: 'health insurance standard monthly remuneration grades (standard_monthly_remuneration_grades.csv); --select YYYY-MM = first premium month',
  columns: gradeColumns('health'),
  build(rows, file, options) {
    const month = gradeMonth(file, options);
    return importedMaster(
      'social_insurance/health_grades',
      { kind: 'health_insurance_grade_table', id: 'health-insurance-grades', version: month, from: `${month}-01`, to: null, basis: 'premium_month' },
      { grades: gradeRows(rows, file, 'health') },
      [GRADE_NOTE],
    );
  },
};
