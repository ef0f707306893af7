/** The health insurance standard monthly remuneration grades. */
import { gradeKind } from './grade-rows.ts';

export const healthGrades = gradeKind('health', {
  description:
    'health insurance standard monthly remuneration grades (standard_monthly_remuneration_grades.csv); --select YYYY-MM = first premium month',
  folder: 'social_insurance/health_grades',
  kind: 'health_insurance_grade_table',
  id: 'health-insurance-grades',
});
