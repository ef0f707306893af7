/** The employees' pension grades, in an employees' pension master whose rate and bonus cap come from --set (or the previous version). */
import { toFill } from '../placeholder.ts';
import { gradeKind } from './grade-rows.ts';

export const pensionGrades = gradeKind('pension', {
  description:
    "employees' pension grades (standard_monthly_remuneration_grades.csv) in an employees' pension master; --select YYYY-MM = first premium month",
  folder: 'employees_pension',
  kind: 'employees_pension_rate_table',
  id: 'employees-pension',
  uniform: [
    {
      name: 'employees_pension_insurance_employee_rate',
      scope: 'top',
      type: 'rate',
      what: 'employee share of the pension rate, e.g. "0.0915"',
    },
    { name: 'employees_pension_standard_bonus_monthly_cap', scope: 'top', type: 'yen', what: 'standard bonus cap per month, yen' },
  ],
  fields: { standard_bonus_unit: toFill('the standard bonus is cut down to a multiple of this many yen') },
  notes: [
    'the pension master also holds the employee rate and the bonus cap: --set them, or confirm the values carried from the previous version',
  ],
});
