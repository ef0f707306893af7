/**
 * Records of GET /v1/masters/tax-tables and /v1/masters/rate-tables, in the spec's record shapes
 * (rates as decimal strings, caps as integers). Built once at load.
 */
import type { Decimal } from '../decimal.ts';
import type {
  BonusTaxTable,
  ComputerSpecialTable,
  DailyTaxTable,
  EmployeesPensionRateTable,
  EmploymentInsuranceRateRecord,
  MasterSet,
  MonthlyTaxTable,
  SocialInsuranceRateRecord,
} from './masters/types.ts';
import type { CompiledRule } from './rules/types.ts';

const rate = (d: Decimal | null) => (d === null ? null : d.toFixed());
const int = (d: Decimal) => d.toNumber();
const byDate = (a: { id: string; effective_from: string }, b: { id: string; effective_from: string }) =>
  a.id === b.id ? (a.effective_from < b.effective_from ? -1 : 1) : a.id < b.id ? -1 : 1;

/**
 * One record per monthly, daily, bonus and computer-method withholding table version, and per dated value
 * of a table parameter that names itself a tax table (`tax_table`: the retirement quick-reckoning table);
 * `table` and `status` say which and whether imported.
 */
export function taxTableRecords(masters: MasterSet): Record<string, unknown>[] {
  const record = (
    t: MonthlyTaxTable | DailyTaxTable | BonusTaxTable | ComputerSpecialTable,
    table: 'monthly' | 'daily' | 'bonus' | 'computer_special',
  ) => ({
    type: 'income_tax_table',
    id: t.id,
    version: t.version,
    effective_from: t.effective_from,
    effective_to: t.effective_to,
    source_artifact_id: t.source_artifact_id,
    table,
    status: 'status' in t ? t.status : 'imported',
  });
  return [
    ...masters.all('income_tax_monthly_table').map((t) => record(t, 'monthly')),
    ...masters.all('income_tax_daily_table').map((t) => record(t, 'daily')),
    ...masters.all('income_tax_bonus_table').map((t) => record(t, 'bonus')),
    ...masters.all('income_tax_computer_special').map((t) => record(t, 'computer_special')),
    ...(masters.parameters?.all() ?? []).flatMap((p) =>
      (p.tax_table === null ? [] : p.values).map((v) => ({
        type: 'income_tax_table',
        id: p.path,
        version: v.effective_from,
        effective_from: v.effective_from,
        effective_to: v.effective_to,
        source_artifact_id: v.source.artifact_id,
        table: p.tax_table,
        status: 'imported',
      })),
    ),
  ].sort(byDate);
}

/** The record of one kyokai (or self-declared) rate version, as GET /v1/masters/rate-tables lists it. */
const socialRateRecord = (r: SocialInsuranceRateRecord) => ({
  type: 'social_insurance_rate_table',
  id: r.id,
  version: r.version,
  effective_from: r.effective_from,
  effective_to: r.effective_to,
  provider: r.provider,
  prefecture_code: r.prefecture_code,
  prefecture_name: r.prefecture_name,
  health_insurance_employee_rate: rate(r.health_insurance_employee_rate),
  care_insurance_employee_rate: rate(r.care_insurance_employee_rate),
  childcare_support_contribution_employee_rate: rate(r.childcare_support_contribution_employee_rate),
  health_insurance_standard_bonus_annual_cap: int(r.health_insurance_standard_bonus_annual_cap),
});

const pensionRateRecord = (r: EmployeesPensionRateTable) => ({
  type: 'employees_pension_rate_table',
  id: r.id,
  version: r.version,
  effective_from: r.effective_from,
  effective_to: r.effective_to,
  provider: r.provider,
  employees_pension_insurance_employee_rate: rate(r.employees_pension_insurance_employee_rate),
  employees_pension_standard_bonus_monthly_cap: int(r.employees_pension_standard_bonus_monthly_cap),
  source_artifact_id: r.source_artifact_id,
});

const employmentRateRecord = (r: EmploymentInsuranceRateRecord) => ({
  type: 'employment_insurance_rate_table',
  id: r.id,
  version: r.version,
  effective_from: r.effective_from,
  effective_to: r.effective_to,
  provider: r.provider,
  business_type: r.business_type,
  employee_rate: rate(r.employee_rate),
  source_artifact_id: r.source_artifact_id,
});

export function rateTableRecords(masters: MasterSet): Record<string, unknown>[] {
  const social = masters.all('social_insurance_rate_table').map(socialRateRecord);
  const pension = masters.all('employees_pension_rate_table').map(pensionRateRecord);
  const employment = masters.all('employment_insurance_rate_table').map(employmentRateRecord);
  return [...social.sort(byDate), ...pension.sort(byDate), ...employment.sort(byDate)];
}

/** One record per rule version (GET /v1/masters/rules), in the same versioned shape as the table records. */
export function ruleRecords(rules: CompiledRule[], fileHashes: ReadonlyMap<string, string>): Record<string, unknown>[] {
  return rules
    .map((r) => ({
      type: 'rule',
      id: r.code,
      version: r.doc.formula_code.slice(r.code.length + 1),
      effective_from: r.doc.effective_from,
      effective_to: r.doc.effective_to,
      formula_code: r.doc.formula_code,
      step: r.doc.step,
      title: r.doc.title,
      legal_source: r.doc.legal_source,
      file: r.file,
      sha256: fileHashes.get(r.file) ?? null,
    }))
    .sort(byDate);
}
