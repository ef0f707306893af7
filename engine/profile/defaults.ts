/** The defaults of decisions.md section 2, written into every stored version so it reads the same forever. */
import type { ProfilePutBody } from './types.ts';

export function withDefaults(body: ProfilePutBody): Omit<Required<ProfilePutBody>, 'attendance_premium_rates'> &
  Pick<ProfilePutBody, 'attendance_premium_rates'> {
  const filled = {
    effective_from: body.effective_from,
    social_insurance: body.social_insurance,
    employment_insurance_business_type: body.employment_insurance_business_type,
    income_tax_withholding_method: body.income_tax_withholding_method ?? 'monthly_table',
    allow_withholding_rate_override: body.allow_withholding_rate_override ?? false,
    overtime_premium_rounding_method: body.overtime_premium_rounding_method ?? 'none',
    overtime_premium_monthly_total_rounding: body.overtime_premium_monthly_total_rounding ?? 'none',
    health_premium_rounding_scope: body.health_premium_rounding_scope ?? 'combined',
    social_insurance_collection: body.social_insurance_collection ?? 'next_month',
  };
  return body.attendance_premium_rates ? { ...filled, attendance_premium_rates: body.attendance_premium_rates } : filled;
}
