/**
 * The calculations the engine runs (one pipeline each in rules/pipelines/). Its own module so that
 * engine internals (settings, validation, the rule loader) need not import the engine's façade.
 */
export const CALCULATION_TYPES = [
  'monthly_payroll',
  'bonus',
  'social_insurance_simulation',
  'employment_insurance_simulation',
  'income_tax_simulation',
  'standard_monthly_remuneration_resolution',
  'year_end_adjustment',
  'standard_monthly_remuneration_determination',
  'leave_premium_exemption',
  'resident_tax_special_collection_schedule',
  'resident_tax_separation',
  'retirement_allowance',
] as const;

export type CalculationType = (typeof CALCULATION_TYPES)[number];
