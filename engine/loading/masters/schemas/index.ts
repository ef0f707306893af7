/** The schema of each master kind. */
import type { MasterKind } from '../types.ts';
import { incomeTaxMonthlySchema } from './income-tax-monthly.ts';
import { incomeTaxDailySchema } from './income-tax-daily.ts';
import { incomeTaxBonusSchema } from './income-tax-bonus.ts';
import { incomeTaxComputerSpecialSchema } from './income-tax-computer-special.ts';
import { socialInsuranceRatesSchema } from './social-insurance-rates.ts';
import { healthGradesSchema } from './health-grades.ts';
import { employeesPensionSchema } from './employees-pension.ts';
import { employmentInsuranceSchema } from './employment-insurance.ts';
import { roundingRulesSchema } from './rounding-rules.ts';

export const SCHEMAS: Record<MasterKind, object> = {
  income_tax_monthly_table: incomeTaxMonthlySchema,
  income_tax_daily_table: incomeTaxDailySchema,
  income_tax_bonus_table: incomeTaxBonusSchema,
  income_tax_computer_special: incomeTaxComputerSpecialSchema,
  social_insurance_rate_table: socialInsuranceRatesSchema,
  health_insurance_grade_table: healthGradesSchema,
  employees_pension_rate_table: employeesPensionSchema,
  employment_insurance_rate_table: employmentInsuranceSchema,
  rounding_rule_table: roundingRulesSchema,
};

/** Kinds whose files hold `records:` (each with its own id) instead of one table with a file-level id. */
export const MULTI_RECORD_KINDS: ReadonlySet<MasterKind> = new Set(['social_insurance_rate_table', 'employment_insurance_rate_table']);

export const MASTER_KINDS = Object.keys(SCHEMAS) as MasterKind[];
