/**
 * Settings resolution once per (profile version, calculation type, payment date) rather than once per
 * calculation: a batch or a busy company computes many payrolls for one payment date, and resolving
 * the profile's master records, refs and snapshot cost a tenth of a calculation.
 *
 * Keyed by the identity of the profile version in force (a WeakMap, so a dropped profile frees its
 * entries): everything resolveSettings derives depends on that version and the date only, and profile
 * versions are never changed in place (a PUT makes new ones). The shared result is frozen, so a write
 * into it would fail loudly instead of leaking into the next calculation.
 */
import type { CalculationType } from '../../calculation-type.ts';
import { isDecimal } from '../../decimal.ts';
import type { MasterSet } from '../../loading/masters/types.ts';
import { resolveProfile } from '../../loading/profile/resolve.ts';
import type { ProfileVersion } from '../../loading/profile/types.ts';
import { generatedFunction } from '../../util/codegen.ts';
import { resolveSettings, type PipelineSettings, type ResolvedSettings } from './resolve.ts';

export interface MemoisedSettings extends ResolvedSettings {
  /** the profile as the context holds it (numbers and decimal strings as Decimal), frozen */
  contextProfile: unknown;
  /** the context's `dates` branch, frozen */
  dates: { payment_date: string; premium_month: string };
  /** a fresh {...snapshot, rules_masters_hash: hash} for a result */
  snapshotWith(hash: string): Record<string, string>;
}

/**
 * {...snapshot, rules_masters_hash: hash} by an object literal generated for the snapshot's keys, in
 * their order (a key the snapshot already has keeps its place and takes the hash, as in the spread):
 * spreading the frozen snapshot cost about ten times as much as the literal.
 */
function snapshotMaker(snapshot: Readonly<Record<string, string>>): (hash: string) => Record<string, string> {
  const keys = Object.keys(snapshot);
  if (keys.includes('__proto__')) return (hash) => ({ ...snapshot, rules_masters_hash: hash }); // a literal would set the prototype
  const props = keys.map((k) => `${JSON.stringify(k)}: s[${JSON.stringify(k)}]`);
  const make = generatedFunction<(s: Readonly<Record<string, string>>, h: string) => Record<string, string>>(
    ['s', 'h'],
    `"use strict"; return {${[...props, '"rules_masters_hash": h'].join(', ')}};`,
    () => (s, h) => ({ ...s, rules_masters_hash: h }),
  );
  return (hash) => make(snapshot, hash);
}

/** Dates kept per profile version before its entries are dropped (a bound, not a tuning). */
const MAX_DATES_PER_PROFILE = 512;

/** Freezes plain objects and arrays; Decimals are left as decimal.js made them (immutable by its API). */
function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !isDecimal(v) && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

export class SettingsMemo {
  private readonly byProfile = new WeakMap<ProfileVersion, Map<string, MemoisedSettings>>();

  constructor(
    private readonly masters: MasterSet,
    private readonly toContextValue: (v: unknown) => unknown,
  ) {}

  resolve(type: CalculationType, pipeline: PipelineSettings, versions: readonly ProfileVersion[], paymentDate: string): MemoisedSettings {
    const profile = resolveProfile(versions, paymentDate);
    // no profile in force: resolveSettings throws its settings_not_resolved
    if (!profile) return this.build(type, pipeline, versions, paymentDate);
    let byDate = this.byProfile.get(profile);
    if (!byDate) this.byProfile.set(profile, (byDate = new Map()));
    const key = pipeline.variant ? `${type}\u0000${paymentDate}\u0000${pipeline.variant}` : `${type}\u0000${paymentDate}`;
    let hit = byDate.get(key);
    if (!hit) {
      hit = this.build(type, pipeline, versions, paymentDate);
      if (byDate.size >= MAX_DATES_PER_PROFILE) byDate.clear();
      byDate.set(key, hit);
    }
    return hit;
  }

  private build(
    type: CalculationType,
    pipeline: PipelineSettings,
    versions: readonly ProfileVersion[],
    paymentDate: string,
  ): MemoisedSettings {
    const s = resolveSettings(type, pipeline, this.masters, versions, paymentDate);
    // the profile and master records themselves belong to the caller and the master set: only what was built here is frozen
    Object.freeze(s.masters);
    deepFreeze(s.refs);
    deepFreeze(s.carried_forward);
    Object.freeze(s.snapshot);
    return Object.freeze({
      ...s,
      contextProfile: deepFreeze(this.toContextValue(s.profile)),
      dates: Object.freeze({ payment_date: paymentDate, premium_month: s.premium_month.slice(0, 7) }),
      snapshotWith: snapshotMaker(s.snapshot),
    });
  }
}
