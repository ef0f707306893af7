/** The defaults of decisions.md section 2, written into every stored version so it reads the same forever. */
import type { ProfilePutBody } from './types.ts';

type Filled = Omit<Required<ProfilePutBody>, 'attendance_premium_rates' | 'income_tax'> &
  Pick<ProfilePutBody, 'attendance_premium_rates' | 'income_tax'>;

export function withDefaults(body: ProfilePutBody): Filled {
  const filled: Filled = {
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
  if (body.attendance_premium_rates) filled.attendance_premium_rates = body.attendance_premium_rates;
  // The income tax opt-ins are kept only when given, never defaulted: a version stored before they existed
  // hashes and behaves the same (absent = the spec).
  if (body.income_tax) filled.income_tax = body.income_tax;
  return filled;
}
