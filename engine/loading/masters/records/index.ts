/** Which record builder turns a validated file of each kind into loaded records (records/: from a master file to its records). */
import type { MasterKind, MasterRecord } from '../types.ts';
import type { Built, Raw } from './envelope.ts';
import { buildBonus, buildComputerSpecial, buildMonthly } from './income-tax.ts';
import { buildEmployeesPension, buildEmploymentInsurance, buildHealthGrades, buildSocialInsurance } from './insurance.ts';
import { buildRoundingRules } from './rounding.ts';

export const BUILDERS: Record<MasterKind, (raw: Raw, file: string) => Built<MasterRecord>[]> = {
  income_tax_monthly_table: buildMonthly,
  income_tax_daily_table: buildMonthly,
  income_tax_bonus_table: buildBonus,
  income_tax_computer_special: buildComputerSpecial,
  social_insurance_rate_table: buildSocialInsurance,
  health_insurance_grade_table: buildHealthGrades,
  employees_pension_rate_table: buildEmployeesPension,
  employment_insurance_rate_table: buildEmploymentInsurance,
  rounding_rule_table: buildRoundingRules,
};
