/** employees_pension_rate_table: employee rate, monthly standard-bonus cap and the pension grade table. */
import { fileSchema, rangeConvention, rate, yen } from './common.ts';
import { gradesSchema } from './grade.ts';

export const employeesPensionSchema = fileSchema(
  'employees_pension_rate_table',
  true,
  [
    'employees_pension_insurance_employee_rate',
    'employees_pension_standard_bonus_monthly_cap',
    'standard_bonus_unit',
    'range_convention',
    'grades',
  ],
  {
    employees_pension_insurance_employee_rate: rate,
    employees_pension_standard_bonus_monthly_cap: yen,
    standard_bonus_unit: { type: 'integer', minimum: 1 },
    range_convention: rangeConvention,
    grades: gradesSchema,
  },
);
