/**
 * Company calculation profile: the PUT body of decisions.md section 2, and the stored version.
 * A stored version is the PUT body plus its identity and effective_to; the server keeps exactly this
 * shape in its store and golden files keep it in YAML, so both feed the same settings resolution.
 */
export type HealthInsuranceProvider = 'kyokai' | 'custom';

export interface CustomRates {
  health_insurance_employee_rate: string;
  care_insurance_employee_rate: string;
  childcare_support_contribution_employee_rate: string | null;
  health_insurance_standard_bonus_annual_cap: number;
}

export interface SocialInsuranceSettings {
  health_insurance_provider: HealthInsuranceProvider;
  prefecture_code?: string; // kyokai only
  custom_rates?: CustomRates; // custom only
}

export interface AttendancePremiumRates {
  overtime: string;
  late_night_additional: string;
  legal_holiday: string;
  non_legal_holiday: string;
}

/** Opt-ins to withholding rules beyond the spec (schema.ts incomeTaxOptInsSchema); absent = the spec. */
export interface IncomeTaxOptIns {
  dependents_beyond_seven?: 'refused' | 'statutory_reduction';
  otsu_secondary_declaration?: 'not_applied' | 'statutory_reduction';
}

export interface ProfilePutBody {
  effective_from: string;
  social_insurance: SocialInsuranceSettings | null;
  employment_insurance_business_type: 'general' | 'agriculture_forestry_fisheries_sake' | 'construction';
  income_tax_withholding_method?: 'monthly_table' | 'computer_special';
  allow_withholding_rate_override?: boolean;
  overtime_premium_rounding_method?: 'none' | 'hourly_rate_half_up' | 'unit_price_half_up' | 'hourly_rate_ceil';
  overtime_premium_monthly_total_rounding?: 'none' | 'half_up_100_yen';
  health_premium_rounding_scope?: 'combined' | 'per_item';
  social_insurance_collection?: 'next_month' | 'same_month';
  attendance_premium_rates?: AttendancePremiumRates;
  income_tax?: IncomeTaxOptIns;
}

/** Stored version: every optional field filled with its default, so a version reads the same forever. */
export interface ProfileVersion extends Required<Omit<ProfilePutBody, 'attendance_premium_rates' | 'income_tax'>> {
  company_id: string;
  profile_id: string;
  version: string;
  effective_to: string | null;
  attendance_premium_rates?: AttendancePremiumRates;
  /** absent in every version stored without it: the spec's behaviour */
  income_tax?: IncomeTaxOptIns;
}
