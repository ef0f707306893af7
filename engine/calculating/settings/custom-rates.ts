/**
 * A company with self-declared (custom) rates has no published table: its rate record is built from
 * the profile version in force, and its social_insurance_rate_version is that profile version.
 */
import { keptDecimal } from '../../decimal.ts';
import type { SocialInsuranceRateRecord } from '../../loading/masters/types.ts';
import type { ProfileVersion } from '../../loading/profile/types.ts';

export function customRateRecord(profile: ProfileVersion): SocialInsuranceRateRecord {
  const rates = profile.social_insurance!.custom_rates!;
  return {
    kind: 'social_insurance_rate_table',
    id: `custom-${profile.profile_id}`,
    version: profile.version,
    effective_from: profile.effective_from,
    effective_to: profile.effective_to,
    known_through: profile.effective_to ?? '9999-12-31', // the company's own declaration: known while its version is
    effective_date_basis: 'payment_date',
    provider: 'company (self-declared rates)',
    source_artifact_id: null,
    sources: [],
    file: '',
    prefecture_code: null,
    prefecture_name: null,
    prefecture_name_ja: null,
    health_insurance_employee_rate: keptDecimal(rates.health_insurance_employee_rate),
    care_insurance_employee_rate: keptDecimal(rates.care_insurance_employee_rate),
    childcare_support_contribution_employee_rate:
      rates.childcare_support_contribution_employee_rate === null ? null : keptDecimal(rates.childcare_support_contribution_employee_rate),
    health_insurance_standard_bonus_annual_cap: keptDecimal(rates.health_insurance_standard_bonus_annual_cap),
  };
}
