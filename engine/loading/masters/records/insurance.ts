/** Builds the social insurance, grade, pension and employment insurance kinds (Decimals at load). */
import { keptDecimal } from '../../../decimal.ts';
import type {
  EmployeesPensionRateTable,
  EmploymentInsuranceRateRecord,
  Grade,
  HealthGradeTable,
  SocialInsuranceRateRecord,
} from '../types.ts';
import type { RangeRow } from '../range-table.ts';
import { meta, type Built, type Raw } from './envelope.ts';
import { rangeTable } from './range-table.ts';

const dec = keptDecimal;
const decOrNull = (v: unknown) => (v === null || v === undefined ? null : keptDecimal(v));

export function buildSocialInsurance(raw: Raw, file: string): Built<SocialInsuranceRateRecord>[] {
  return (raw.records as Raw[]).map((r, i) => ({
    pointer: `/records/${i}`,
    record: {
      ...meta(raw, file, r.id),
      kind: 'social_insurance_rate_table',
      prefecture_code: r.prefecture_code,
      prefecture_name: r.prefecture_name,
      prefecture_name_ja: r.prefecture_name_ja,
      health_insurance_employee_rate: dec(r.health_insurance_employee_rate),
      care_insurance_employee_rate: dec(r.care_insurance_employee_rate),
      childcare_support_contribution_employee_rate: decOrNull(r.childcare_support_contribution_employee_rate),
      health_insurance_standard_bonus_annual_cap: dec(r.health_insurance_standard_bonus_annual_cap),
    },
  }));
}

const grades = (raw: Raw[]): Grade[] =>
  raw.map((g) => ({
    grade: g.grade,
    standard_monthly_remuneration: dec(g.standard_monthly_remuneration),
    from: dec(g.from),
    to: decOrNull(g.to),
    bounds_status: g.bounds_status,
  }));

const gradeTable = (raw: Raw) => rangeTable(raw, 'grade table', { rows: grades(raw.grades) as unknown as RangeRow[] });

export function buildHealthGrades(raw: Raw, file: string): Built<HealthGradeTable>[] {
  return [
    {
      pointer: '',
      record: {
        ...meta(raw, file, raw.id),
        kind: 'health_insurance_grade_table',
        grades: grades(raw.grades),
        grade_table: gradeTable(raw),
      },
    },
  ];
}

export function buildEmployeesPension(raw: Raw, file: string): Built<EmployeesPensionRateTable>[] {
  return [
    {
      pointer: '',
      record: {
        ...meta(raw, file, raw.id),
        kind: 'employees_pension_rate_table',
        employees_pension_insurance_employee_rate: dec(raw.employees_pension_insurance_employee_rate),
        employees_pension_standard_bonus_monthly_cap: dec(raw.employees_pension_standard_bonus_monthly_cap),
        standard_bonus_unit: dec(raw.standard_bonus_unit),
        grades: grades(raw.grades),
        grade_table: gradeTable(raw),
      },
    },
  ];
}

export function buildEmploymentInsurance(raw: Raw, file: string): Built<EmploymentInsuranceRateRecord>[] {
  // business_type_ja documents the file only; the record keeps the typed fields.
  return (raw.records as Raw[]).map((r, i) => ({
    pointer: `/records/${i}`,
    record: {
      ...meta(raw, file, r.id),
      kind: 'employment_insurance_rate_table',
      business_type: r.business_type,
      employee_rate: dec(r.employee_rate),
    },
  }));
}
