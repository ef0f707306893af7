/**
 * PUT /cp/v1/companies/{id}/calculation-profile as decisions.md section 2 defines it, as a pure function
 * over the company's stored versions, so the server's store and golden files chain versions the same way.
 *
 * - The version string is derived from the content (effective_from + every setting), so repeating an
 *   identical PUT creates nothing and returns the same version.
 * - A later effective_from adds a version and closes the previous one the day before.
 * - An equal effective_from replaces that version under a new version string (never edited in place).
 */
import { createHash } from 'node:crypto';
import { addDays } from '../../util/dates.ts';
import { withDefaults } from './defaults.ts';
import type { ProfilePutBody, ProfileVersion } from './types.ts';

export interface PutOutcome {
  versions: ProfileVersion[]; // oldest first
  stored: ProfileVersion;
  created: boolean;
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

function settingsOf(v: ProfileVersion | ReturnType<typeof withDefaults>): string {
  const { company_id: _c, profile_id: _p, version: _v, effective_to: _t, ...settings } = v as ProfileVersion;
  return canonical(settings);
}

function versionStringFor(settings: ReturnType<typeof withDefaults>): string {
  const digest = createHash('sha256').update(settingsOf(settings)).digest('hex').slice(0, 12);
  return `${settings.effective_from}.${digest}`;
}

export function applyProfilePut(
  existing: readonly ProfileVersion[],
  body: ProfilePutBody,
  ids: { company_id: string; profile_id: string },
): PutOutcome {
  const settings = withDefaults(body);
  const sorted = [...existing].sort((a, b) => (a.effective_from < b.effective_from ? -1 : 1));
  const sameDate = sorted.find((v) => v.effective_from === settings.effective_from);
  if (sameDate && settingsOf(sameDate) === settingsOf(settings)) {
    return { versions: sorted, stored: sameDate, created: false };
  }

  const others = sorted.filter((v) => v.effective_from !== settings.effective_from);
  const fresh: ProfileVersion = {
    company_id: ids.company_id,
    profile_id: ids.profile_id,
    version: versionStringFor(settings),
    ...settings,
    effective_to: null,
  };
  const all = [...others, fresh].sort((a, b) => (a.effective_from < b.effective_from ? -1 : 1));
  // Re-chain every effective_to from the next version's start, so the timeline has no gap or overlap.
  const versions = all.map((v, i) => {
    const next = all[i + 1];
    const effective_to = next ? addDays(next.effective_from, -1) : null;
    return v.effective_to === effective_to ? v : { ...v, effective_to };
  });
  const stored = versions.find((v) => v.version === fresh.version)!;
  return { versions, stored, created: true };
}
