/** health_insurance_grade_table: the nationwide health-insurance grade table. */
import { fileSchema, rangeConvention } from './common.ts';
import { gradesSchema } from './grade.ts';

export const healthGradesSchema = fileSchema('health_insurance_grade_table', true, ['range_convention', 'grades'], {
  range_convention: rangeConvention,
  grades: gradesSchema,
});
