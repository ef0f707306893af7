/**
 * Settings resolution: from the company's profile versions and the payment date, the profile version
 * and every master record in force, or a settings_not_resolved error naming what is missing.
 */
import type { CalculationType } from '../../calculation-type.ts';
import { EngineError } from '../../errors.ts';
import type { EffectiveDateBasis, MasterKind, MasterRecord, MasterSet } from '../../loading/masters/types.ts';
import { resolveProfile } from '../../loading/profile/resolve.ts';
import type { ProfileVersion } from '../../loading/profile/types.ts';
import type { MasterCarriedForward } from '../../loading/carried-forward.ts';
import { customRateRecord } from './custom-rates.ts';
import { premiumMonthDate, type PremiumMonthOffsets } from './premium-month.ts';
import {
  LOCK_FIELDS,
  MASTER_REF_TYPE,
  MASTER_SLOT_KIND,
  SETTINGS_VERSION_SLOTS,
  SNAPSHOT_EXTRA_VERSION_SLOTS,
  type MasterRef,
  type MasterSlot,
  type ResolvedSlot,
} from '../../loading/rules/slots.ts';

export interface ResolvedSettings {
  profile: ProfileVersion;
  payment_date: string;
  premium_month: string; // first day of the premium month
  masters: Partial<Record<MasterSlot, MasterRecord>>;
  refs: Partial<Record<MasterSlot, MasterRef>>;
  snapshot: Record<string, string>;
  /** the resolved tables in force after the date their source covers (MASTER_CARRIED_FORWARD) */
  carried_forward: MasterCarriedForward[];
}

/**
 * The table behind each slot: how a settings_not_resolved names it and, for kinds with one table per
 * employer setting, which table matches the profile (the association rates of its prefecture, the
 * employment insurance rates of its business type). Listed in the order the slots are looked up, so the
 * first table missing is the one reported whatever order a pipeline declares them in.
 */
const SLOT_TABLES: Record<ResolvedSlot, (p: ProfileVersion) => { label: string; match?: (r: MasterRecord) => boolean }> = {
  income_tax_monthly: () => ({ label: 'monthly withholding tax table' }),
  income_tax_daily: () => ({ label: 'daily withholding tax table' }),
  computer_special: () => ({ label: 'computer-special withholding table' }),
  income_tax_bonus: () => ({ label: 'bonus withholding rate table' }),
  rounding: () => ({ label: 'rounding rule table' }),
  employment_insurance: (p) => ({
    label: `employment insurance rate table for ${p.employment_insurance_business_type}`,
    match: (r) => 'business_type' in r && r.business_type === p.employment_insurance_business_type,
  }),
  employees_pension: () => ({ label: 'employees pension rate table' }),
  health_grades: () => ({ label: 'health insurance grade table' }),
  social_insurance_rate: (p) => ({
    label: `association health insurance rate table for prefecture ${p.social_insurance!.prefecture_code}`,
    match: (r) => 'prefecture_code' in r && r.prefecture_code === p.social_insurance!.prefecture_code,
  }),
};

/** The calculations that withhold income tax (tax_dependent_count is theirs). */
const TAX_TYPES: ReadonlySet<CalculationType> = new Set(['monthly_payroll', 'bonus', 'income_tax_simulation']);

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

/** What a pipeline declares about its settings: its premium-month offsets and the master slots it resolves. */
export interface PipelineSettings {
  premium_month: PremiumMonthOffsets;
  masters: readonly ResolvedSlot[];
  /** names a slot set other than the pipeline's own (its memo entry) */
  variant?: string;
}

export function resolveSettings(
  type: CalculationType,
  pipeline: PipelineSettings,
  masters: MasterSet,
  versions: readonly ProfileVersion[],
  paymentDate: string,
): ResolvedSettings {
  const profile = resolveProfile(versions, paymentDate);
  if (!profile) {
    // Say when the company's profile does start, so the caller sees whether the date or the profile is wrong.
    const first = versions.reduce<string | undefined>(
      (min, v) => (min === undefined || v.effective_from < min ? v.effective_from : min),
      undefined,
    );
    if (first === undefined) throw notResolved('company calculation profile', `payment_date ${paymentDate}`);
    throw new EngineError(
      'settings_not_resolved',
      `No company calculation profile is in force for payment_date ${paymentDate}: the company's first profile version takes effect on ${first}.`,
    );
  }
  if (!profile.social_insurance) {
    throw new EngineError(
      'settings_not_resolved',
      `The company calculation profile in force on ${paymentDate} (version ${profile.version}) has no social insurance configured.`,
    );
  }
  const premiumMonth = premiumMonthDate(pipeline.premium_month, paymentDate, profile.social_insurance_collection);
  const pm = premiumMonth.slice(0, 7);
  const found: Partial<Record<MasterSlot, MasterRecord>> = {};
  const carried: MasterCarriedForward[] = [];

  // Which table of a kind: the kind's only table, or the one whose records match the profile (SLOT_TABLES).
  // No table id is written here. Each table is chosen by the date its files declare: the payment date or the premium month's first day.
  const need = (slot: MasterSlot, kind: MasterKind, label: string, match: (r: MasterRecord) => boolean = () => true) => {
    const ids = [
      ...new Set(
        masters
          .all(kind)
          .filter(match)
          .map((r) => r.id),
      ),
    ];
    if (ids.length !== 1)
      throw notResolved(`${label}${ids.length > 1 ? ` (ambiguous: ${ids.join(', ')})` : ''}`, `payment_date ${paymentDate}`);
    const id = ids[0];
    const byPremiumMonth = dateBasisOf(masters, kind, id) === 'premium_month';
    const date = byPremiumMonth ? premiumMonth : paymentDate;
    const rec = masters.resolve(kind, id, date);
    if (!rec) throw notResolved(`${label} (${id})`, byPremiumMonth ? `premium month ${pm}` : `payment_date ${paymentDate}`);
    found[slot] = rec;
    // in force (the newest version stays so) on a date its published source does not cover: the law carried forward
    if (rec.known_through < date) carried.push({ type: MASTER_REF_TYPE[slot], id, version: rec.version, known_through: rec.known_through });
  };
  // Only the slots this calculation's pipeline declares (rules/pipelines/<type>.yaml `masters`).
  const wanted = new Set(pipeline.masters);
  for (const [slot, table] of Object.entries(SLOT_TABLES) as [ResolvedSlot, (typeof SLOT_TABLES)[ResolvedSlot]][]) {
    if (!wanted.has(slot)) continue;
    if (slot === 'social_insurance_rate' && profile.social_insurance.health_insurance_provider === 'custom') {
      found.social_insurance_rate = customRateRecord(profile);
      continue;
    }
    const { label, match } = table(profile);
    need(slot, MASTER_SLOT_KIND[slot], label, match);
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
    refs[slot] = {
      type: MASTER_REF_TYPE[slot],
      id: rec.id,
      version: rec.version,
      effective_from: rec.effective_from,
      effective_to: rec.effective_to,
    };
  }
  const snapshot: Record<string, string> = {};
  for (const field of LOCK_FIELDS) snapshot[field] = refs[SETTINGS_VERSION_SLOTS[field]]!.version;
  for (const [field, slot] of Object.entries(SNAPSHOT_EXTRA_VERSION_SLOTS)) if (refs[slot]) snapshot[field] = refs[slot].version;
  if (type === 'monthly_payroll') {
    snapshot.overtime_premium_rounding_method = profile.overtime_premium_rounding_method;
    snapshot.overtime_premium_monthly_total_rounding = profile.overtime_premium_monthly_total_rounding;
  }
  // The income tax opt-ins, only where the profile sets them (absent = the spec) and only for the
  // calculations they change.
  if (TAX_TYPES.has(type) && profile.income_tax) {
    const { dependents_beyond_seven, otsu_secondary_declaration } = profile.income_tax;
    if (dependents_beyond_seven) snapshot.income_tax_dependents_beyond_seven = dependents_beyond_seven;
    if (otsu_secondary_declaration) snapshot.income_tax_otsu_secondary_declaration = otsu_secondary_declaration;
  }
  return { profile, payment_date: paymentDate, premium_month: premiumMonth, masters: found, refs, snapshot, carried_forward: carried };
}

/**
 * 409 settings_lock_conflict when any of the six locked versions differs from what was resolved, or one of
 * the optional ones (the bonus and computer-method table versions) the lock carries.
 */
export function checkSettingsLock(lock: Record<string, unknown> | undefined, snapshot: Record<string, string>): void {
  if (!lock) return;
  const locked = [...LOCK_FIELDS, ...(Object.keys(SNAPSHOT_EXTRA_VERSION_SLOTS) as string[]).filter((f) => lock[f] !== undefined)];
  const diffs = locked
    .filter((f) => lock[f] !== snapshot[f])
    .map((f) => `${f}: locked ${JSON.stringify(lock[f])}, resolved ${JSON.stringify(snapshot[f])}`);
  if (diffs.length)
    throw new EngineError('settings_lock_conflict', `settings_lock differs from the resolved settings (${diffs.join('; ')}).`);
}
