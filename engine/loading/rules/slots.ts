/**
 * Master slots: the names rules use for the records resolved for one calculation (rule field `masters`,
 * context path `masters.<slot>`), and the master_refs `type` each slot reports.
 */
import type { MasterKind } from '../masters/types.ts';

export const MASTER_REF_TYPE = {
  company_profile: 'company_calculation_profile',
  income_tax_monthly: 'income_tax_table',
  income_tax_daily: 'income_tax_table',
  income_tax_bonus: 'income_tax_table',
  computer_special: 'income_tax_table',
  social_insurance_rate: 'social_insurance_rate_table',
  health_grades: 'standard_monthly_remuneration_grade_table',
  employees_pension: 'employees_pension_rate_table',
  employment_insurance: 'employment_insurance_rate_table',
  rounding: 'rounding_rule_table',
} as const;

export type MasterSlot = keyof typeof MASTER_REF_TYPE;

export interface MasterRef {
  type: string;
  id: string;
  version: string;
  effective_from: string;
  effective_to: string | null;
}

/**
 * The master kind whose record each slot holds in the context (`masters.<slot>`). company_profile is
 * not a master record: it is listed in master_refs only, its data is the context's `profile`.
 */
export type ResolvedSlot = Exclude<MasterSlot, 'company_profile'>;

export const MASTER_SLOT_KIND: Record<ResolvedSlot, MasterKind> = {
  income_tax_monthly: 'income_tax_monthly_table',
  income_tax_daily: 'income_tax_daily_table',
  income_tax_bonus: 'income_tax_bonus_table',
  computer_special: 'income_tax_computer_special',
  social_insurance_rate: 'social_insurance_rate_table',
  health_grades: 'health_insurance_grade_table',
  employees_pension: 'employees_pension_rate_table',
  employment_insurance: 'employment_insurance_rate_table',
  rounding: 'rounding_rule_table',
};

/**
 * The six versions of settings_snapshot (and of settings_lock), each the version of the record resolved
 * for one slot. Written once here: the snapshot, the lock check and the API schemas all derive from it.
 */
export const SETTINGS_VERSION_SLOTS = {
  company_profile_version: 'company_profile',
  tax_table_version: 'income_tax_monthly',
  social_insurance_rate_version: 'social_insurance_rate',
  employees_pension_rate_version: 'employees_pension',
  employment_insurance_rate_version: 'employment_insurance',
  rounding_rule_version: 'rounding',
} as const satisfies Record<string, MasterSlot>;

export type SettingsVersionField = keyof typeof SETTINGS_VERSION_SLOTS;

/**
 * Versions settings_snapshot also names, when the calculation resolved the slot (every pipeline does
 * today): the bonus withholding rate table and the computer-method table. Not part of settings_lock
 * (the specification's six), so a lock copied from an older snapshot still applies.
 */
export const SNAPSHOT_EXTRA_VERSION_SLOTS = {
  bonus_tax_table_version: 'income_tax_bonus',
  daily_tax_table_version: 'income_tax_daily',
  computer_special_table_version: 'computer_special',
} as const satisfies Record<string, MasterSlot>;

export type SnapshotExtraVersionField = keyof typeof SNAPSHOT_EXTRA_VERSION_SLOTS;

export const LOCK_FIELDS = Object.keys(SETTINGS_VERSION_SLOTS) as SettingsVersionField[];
