/** The employees' pension grades, in an employees' pension master whose rate and bonus cap are left to fill. */
import { toFill } from '../placeholder.ts';
import { GRADE_NOTE, gradeColumns, gradeMonth, gradeRows } from './grade-rows.ts';
import { importedMaster, type ImportKind } from './shared.ts';

export const pensionGrades: ImportKind = {
  description: "employees' pension grades (standard_monthly_remuneration_grades.csv) in an employees' pension master; --select YYYY-MM = first premium month",
  columns: gradeColumns('pension'),
  build(rows, file, options) {
    const month = gradeMonth(file, options);
    return importedMaster(
      'employees_pension',
      { kind: 'employees_pension_rate_table', id: 'employees-pension', version: month, from: `${month}-01`, to: null, basis: 'premium_month' },
      {
        employees_pension_insurance_employee_rate: toFill('employee share of the pension rate, e.g. "0.0915"'),
        employees_pension_standard_bonus_monthly_cap: toFill('standard bonus cap per month, yen'),
        grades: gradeRows(rows, file, 'pension'),
      },
      [GRADE_NOTE, 'the pension master also holds the employee rate and the bonus cap: fill them from the publication'],
    );
  },
};
