/** The employees' pension grades, in an employees' pension master whose rate and bonus cap are left to fill. */
import { toFill } from '../placeholder.ts';
import { gradeKind } from './grade-rows.ts';

export const pensionGrades = gradeKind('pension', {
  description: "employees' pension grades (standard_monthly_remuneration_grades.csv) in an employees' pension master; --select YYYY-MM = first premium month",
  folder: 'employees_pension',
  kind: 'employees_pension_rate_table',
  id: 'employees-pension',
  fields: {
    employees_pension_insurance_employee_rate: toFill('employee share of the pension rate, e.g. "0.0915"'),
    employees_pension_standard_bonus_monthly_cap: toFill('standard bonus cap per month, yen'),
  },
  notes: ['the pension master also holds the employee rate and the bonus cap: fill them from the publication'],
});
