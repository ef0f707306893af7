/**
 * Master records as the engine sees them after loading (masters/<kind>/...yaml).
 * Every rate is a Decimal fraction ("0.0985" = 9.85 %), every amount a Decimal integer of yen.
 *
 * On disk one YAML file is one version (an append-only, effective-dated slice). Its envelope
 * (kind, id, version, effective dates, publisher, sources) is copied onto every record it holds,
 * so each loaded record carries its id, version, dates, provider and source document.
 */
import type { RangeTable } from './range-table.ts';
import type { Decimal } from '../../decimal.ts';
import type { ParameterSet } from '../parameters/set.ts';
import type { ResultLabels } from './schemas/result-labels.ts';

export type MasterKind =
  | 'income_tax_monthly_table'
  | 'income_tax_daily_table'
  | 'income_tax_bonus_table'
  | 'income_tax_computer_special'
  | 'social_insurance_rate_table'
  | 'health_insurance_grade_table'
  | 'employees_pension_rate_table'
  | 'employment_insurance_rate_table'
  | 'rounding_rule_table';

/** Which date selects the version: the payment date itself, or the first day of the premium month. */
export type EffectiveDateBasis = 'payment_date' | 'premium_month';

export interface SourceDocument {
  artifact_id: string;
  publisher: string;
  document: string;
  url?: string | null;
  /** How the values were obtained and cross-checked. */
  verification: string;
  confidence: string;
}

export interface MasterMeta {
  kind: MasterKind;
  /** Table id, stable across versions (e.g. "nta-withholding-monthly", "kyokai-13"). */
  id: string;
  version: string;
  effective_from: string; // YYYY-MM-DD
  effective_to: string | null; // null = open-ended
  /** the last date the published source covers; a calculation after it is carried forward (docs/adr/0105) */
  known_through: string;
  effective_date_basis: EffectiveDateBasis;
  /** Publisher of the table (spec field `provider`). */
  provider: string;
  source_artifact_id: string | null;
  sources: SourceDocument[];
  /** Path of the YAML file, relative to the masters directory (for problems and master_refs). */
  file: string;
  /** A record carried unchanged into this version (inherit_unchanged_records): the version and file it was published in; its sources are that file's. */
  inherited_from?: { version: string; file: string };
}

// ---- income tax ------------------------------------------------------------------------------

export interface MonthlyTaxRow {
  lower: Decimal; // inclusive
  upper: Decimal; // exclusive
  kou: Decimal[]; // index = dependents 0..7
  otsu: Decimal;
  hei?: Decimal; // the daily table's 丙欄
}

export interface KouBracket {
  from: Decimal;
  upto: Decimal | null; // exclusive; null = open
  rate: Decimal;
  base_by_dependents: Decimal[]; // index 0..7
  confidence?: string; // the daily table marks each formula
}

export interface OtsuBracket {
  from: Decimal;
  upto: Decimal | null;
  rate: Decimal;
  base: Decimal;
  confidence?: string;
}

export interface MonthlyTaxTable extends MasterMeta {
  kind: 'income_tax_monthly_table';
  rows: MonthlyTaxRow[]; // contiguous, ascending
  kou_below_table: { upper_excl: Decimal; tax: Decimal };
  otsu_below_table: { upper_excl: Decimal; rate: Decimal };
  kou_brackets: KouBracket[]; // from the last row's upper bound, contiguous
  otsu_brackets: OtsuBracket[];
  /** The most dependents the API accepts while this version can be chosen (docs/decisions.md "Dependents beyond seven"). */
  tax_dependent_count_max: number;
  /** The deduction per dependent beyond the last column (the rules use it past that column); null where the table does not say. */
  per_extra_dependent_deduction: Decimal | null;
  /** 乙欄 従たる給与についての扶養控除等申告書: deduction per declared dependant; null where not confirmed (2027). */
  otsu_secondary_declaration_deduction?: Decimal | null;
  /** The last kou column of the rows (the most dependents the table prints). */
  kou_last_dependents_column?: number;
  /** The whole table (below-table rule, rows, formulas) as one bracket table per column: kou, otsu. */
  withholding_table?: RangeTable;
}

/**
 * 日額表: the monthly table's layout and rules plus the 丙 column (hei_below_table, hei_brackets); the
 * API's dependents limit stays the monthly table's. A not_imported version holds only its
 * withholding_table, unavailable, so a lookup in it fails with the table's not_found_error.
 */
export interface DailyTaxTable extends Omit<MonthlyTaxTable, 'kind' | 'tax_dependent_count_max'> {
  kind: 'income_tax_daily_table';
  status: 'imported' | 'not_imported';
  hei_below_table?: { upper_excl: Decimal; tax: Decimal };
  hei_brackets?: OtsuBracket[];
}

export interface BonusRateBand {
  lower: Decimal; // inclusive, previous month's amount after social insurance
  upper: Decimal | null; // exclusive; null = open
  rate: Decimal;
}

export interface BonusTaxTable extends MasterMeta {
  kind: 'income_tax_bonus_table';
  /** The ten-times rule's multiple and the months of the monthly-table method, as the table's record gives them. */
  monthly_table_method: { ten_times_rule_multiple: Decimal; bonus_period_months: Decimal };
  /** not_imported: the table is known to apply from effective_from but its data is not in the masters. */
  status: 'imported' | 'not_imported';
  missing_reason: string | null;
  kou: BonusRateBand[][] | null; // index = dependents 0..7 ("7 or more")
  otsu: BonusRateBand[] | null;
  /** The highest kou column the file labels (7 = "7人以上"); null when not imported. */
  kou_last_dependents_column?: number | null;
  /** The bands as one range table, columns kou_0 ... kou_7 and otsu. */
  rate_table?: RangeTable;
}

export interface AmountTier {
  from: Decimal; // inclusive
  to: Decimal | null; // inclusive; null = open
  fixed?: Decimal; // a fixed amount for the tier
  rate?: Decimal; // or rate x amount + add
  add?: Decimal;
  amount?: Decimal; // basic deduction tiers
  subtract?: Decimal; // tax tiers: rate x B - subtract
}

export interface ComputerSpecialTable extends MasterMeta {
  kind: 'income_tax_computer_special';
  /** 第1表 給与所得控除: fixed or rate x A + add, ceil to yen. */
  salary_deduction_tiers: AmountTier[];
  /** 第2表: per spouse/dependant. */
  dependant_deduction_per_person: Decimal;
  /** 第3表 基礎控除 keyed on A. */
  basic_deduction_tiers: AmountTier[];
  /** 第4表: rate x B - subtract, round half up to 10 yen. */
  tax_tiers: AmountTier[];
  /** The three tier lists as one range table, columns salary_deduction, basic_deduction, tax. */
  tier_table?: RangeTable;
}

// ---- social insurance ------------------------------------------------------------------------

export interface SocialInsuranceRateRecord extends MasterMeta {
  kind: 'social_insurance_rate_table';
  prefecture_code: string | null; // "01".."47"
  prefecture_name: string | null; // lower-case English
  prefecture_name_ja: string | null;
  health_insurance_employee_rate: Decimal;
  care_insurance_employee_rate: Decimal;
  childcare_support_contribution_employee_rate: Decimal | null; // null before 2026-04 premium month
  health_insurance_standard_bonus_annual_cap: Decimal;
}

export interface Grade {
  grade: number;
  standard_monthly_remuneration: Decimal;
  from: Decimal; // inclusive
  to: Decimal | null; // exclusive; null = open
  /** 'inferred' where the statutory data marks the bound as not confirmed. */
  bounds_status: 'confirmed' | 'inferred';
}

export interface HealthGradeTable extends MasterMeta {
  kind: 'health_insurance_grade_table';
  grades: Grade[];
  grade_table?: RangeTable;
}

export interface EmployeesPensionRateTable extends MasterMeta {
  kind: 'employees_pension_rate_table';
  employees_pension_insurance_employee_rate: Decimal;
  employees_pension_standard_bonus_monthly_cap: Decimal;
  /** 標準賞与額 unit (1,000 yen), for pension and health alike. */
  standard_bonus_unit: Decimal;
  grades: Grade[];
  grade_table?: RangeTable;
}

export type BusinessType = 'general' | 'agriculture_forestry_fisheries_sake' | 'construction';

export interface EmploymentInsuranceRateRecord extends MasterMeta {
  kind: 'employment_insurance_rate_table';
  business_type: BusinessType;
  employee_rate: Decimal;
}

export interface RoundingRuleTable extends MasterMeta {
  kind: 'rounding_rule_table';
  // the policy version only: each rule file names its own rounding (rounding_rule), written once there
}

export type MasterRecord =
  | MonthlyTaxTable
  | DailyTaxTable
  | BonusTaxTable
  | ComputerSpecialTable
  | SocialInsuranceRateRecord
  | HealthGradeTable
  | EmployeesPensionRateTable
  | EmploymentInsuranceRateRecord
  | RoundingRuleTable;

export type MasterOfKind<K extends MasterKind> = Extract<MasterRecord, { kind: K }>;

/** What the engine asks of the loaded masters. */
export interface MasterSet {
  /** All records of a kind, sorted by id then effective_from. */
  all<K extends MasterKind>(kind: K): MasterOfKind<K>[];
  /** The version of table `id` in force on `date` (YYYY-MM-DD), or undefined. */
  resolve<K extends MasterKind>(kind: K, id: string, date: string): MasterOfKind<K> | undefined;
  /** The parameters of masters/parameters/ (rules read parameters.<area>.<name> at their date basis). */
  readonly parameters?: ParameterSet;
  /** The labels of the result fields (masters/result_labels/), null when the set has none. */
  readonly resultLabels?: ResultLabels | null;
}
