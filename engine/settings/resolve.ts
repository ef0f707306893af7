/**
 * Settings resolution: from the company's profile versions and the payment date, the profile version
 * and every master record in force, or a settings_not_resolved error naming what is missing.
 */
import type { CalculationType } from '../calculation-type.ts';
import { EngineError } from '../errors.ts';
import type { EffectiveDateBasis, MasterKind, MasterOfKind, MasterRecord, MasterSet } from '../masters/types.ts';
import { resolveProfile } from '../profile/resolve.ts';
import type { ProfileVersion } from '../profile/types.ts';
import { customRateRecord } from './custom-rates.ts';
import { premiumMonthDate, type PremiumMonthOffsets } from './premium-month.ts';
import { LOCK_FIELDS, MASTER_REF_TYPE, SETTINGS_VERSION_SLOTS, type MasterRef, type MasterSlot } from './slots.ts';

export interface ResolvedSettings {
  profile: ProfileVersion;
  payment_date: string;
  premium_month: string; // first day of the premium month
  masters: Partial<Record<MasterSlot, MasterRecord>>;
  refs: Partial<Record<MasterSlot, MasterRef>>;
  snapshot: Record<string, string>;
}

function notResolved(what: string, date: string): EngineError {
  return new EngineError('settings_not_resolved', `No ${what} is in force for ${date}.`);
}

/**
 * The date basis a table declares in its own files (effective_date_basis): payment_date or premium_month.
 * All versions of one table declare the same basis (masters invariant date-basis-consistent).
 */
function dateBasisOf(masters: MasterSet, kind: MasterKind, id: string): EffectiveDateBasis | undefined {
  return masters.all(kind).find((r) => r.id === id)?.effective_date_basis;
}

export function resolveSettings(
  type: CalculationType,
  premiumMonths: PremiumMonthOffsets,
  masters: MasterSet,
  versions: readonly ProfileVersion[],
  paymentDate: string,
): ResolvedSettings {
  const profile = resolveProfile(versions, paymentDate);
  if (!profile) throw notResolved('company calculation profile', `payment_date ${paymentDate}`);
  if (!profile.social_insurance) {
    throw new EngineError(
      'settings_not_resolved',
      `The company calculation profile in force on ${paymentDate} (version ${profile.version}) has no social insurance configured.`,
    );
  }
  const premiumMonth = premiumMonthDate(premiumMonths, paymentDate, profile.social_insurance_collection);
  const pm = premiumMonth.slice(0, 7);
  const found: Partial<Record<MasterSlot, MasterRecord>> = {};

  // Which table of a kind: the kind's only table, or the one whose records match the profile (the association
  // rates of its prefecture, the employment insurance rates of its business type). No table id is written here.
  // Each table is chosen by the date its files declare: the payment date or the premium month's first day.
  const need = <K extends MasterKind>(slot: MasterSlot, kind: K, label: string, match: (r: MasterOfKind<K>) => boolean = () => true) => {
    const ids = [...new Set(masters.all(kind).filter(match).map((r) => r.id))];
    if (ids.length !== 1) throw notResolved(`${label}${ids.length > 1 ? ` (ambiguous: ${ids.join(', ')})` : ''}`, `payment_date ${paymentDate}`);
    const id = ids[0];
    const byPremiumMonth = dateBasisOf(masters, kind, id) === 'premium_month';
    const rec = masters.resolve(kind, id, byPremiumMonth ? premiumMonth : paymentDate);
    if (!rec) throw notResolved(`${label} (${id})`, byPremiumMonth ? `premium month ${pm}` : `payment_date ${paymentDate}`);
    found[slot] = rec;
  };
  need('income_tax_monthly', 'income_tax_monthly_table', 'monthly withholding tax table');
  need('computer_special', 'income_tax_computer_special', 'computer-special withholding table');
  need('income_tax_bonus', 'income_tax_bonus_table', 'bonus withholding rate table');
  need('rounding', 'rounding_rule_table', 'rounding rule table');
  const businessType = profile.employment_insurance_business_type;
  need('employment_insurance', 'employment_insurance_rate_table', `employment insurance rate table for ${businessType}`, (r) => r.business_type === businessType);
  need('employees_pension', 'employees_pension_rate_table', 'employees pension rate table');
  // The health grade table is not one of the six versions; only the grade lookup reads it.
  if (type === 'standard_monthly_remuneration_resolution') {
    need('health_grades', 'health_insurance_grade_table', 'health insurance grade table');
  }
  const si = profile.social_insurance;
  if (si.health_insurance_provider === 'custom') {
    found.social_insurance_rate = customRateRecord(profile);
  } else {
    const pref = si.prefecture_code;
    need('social_insurance_rate', 'social_insurance_rate_table', `association health insurance rate table for prefecture ${pref}`, (r) => r.prefecture_code === pref);
  }

  const refs: Partial<Record<MasterSlot, MasterRef>> = {
    company_profile: {
      type: MASTER_REF_TYPE.company_profile,
      id: profile.profile_id,
      version: profile.version,
      effective_from: profile.effective_from,
      effective_to: profile.effective_to,
    },
  };
  for (const [slot, rec] of Object.entries(found) as [MasterSlot, MasterRecord][]) {
    refs[slot] = { type: MASTER_REF_TYPE[slot], id: rec.id, version: rec.version, effective_from: rec.effective_from, effective_to: rec.effective_to };
  }
  const snapshot: Record<string, string> = {};
  for (const field of LOCK_FIELDS) snapshot[field] = refs[SETTINGS_VERSION_SLOTS[field]]!.version;
  if (type === 'monthly_payroll') {
    snapshot.overtime_premium_rounding_method = profile.overtime_premium_rounding_method;
    snapshot.overtime_premium_monthly_total_rounding = profile.overtime_premium_monthly_total_rounding;
  }
  return { profile, payment_date: paymentDate, premium_month: premiumMonth, masters: found, refs, snapshot };
}

export { LOCK_FIELDS };

/** 409 settings_lock_conflict when any of the six locked versions differs from what was resolved. */
export function checkSettingsLock(lock: Record<string, unknown> | undefined, snapshot: Record<string, string>): void {
  if (!lock) return;
  const diffs = LOCK_FIELDS.filter((f) => lock[f] !== snapshot[f]).map((f) => `${f}: locked ${JSON.stringify(lock[f])}, resolved ${JSON.stringify(snapshot[f])}`);
  if (diffs.length) throw new EngineError('settings_lock_conflict', `settings_lock differs from the resolved settings (${diffs.join('; ')}).`);
}
