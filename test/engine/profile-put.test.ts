/** PUT chaining of company profile versions (decisions.md section 2), shared by the server and golden files. */
import { describe, expect, it } from 'vitest';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { resolveProfile } from '../../engine/loading/profile/resolve.ts';
import type { ProfilePutBody } from '../../engine/loading/profile/types.ts';

const ids = { company_id: 'acme', profile_id: 'prof-1' };
const base: ProfilePutBody = {
  effective_from: '2026-01-01',
  social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
  employment_insurance_business_type: 'general',
};

describe('applyProfilePut', () => {
  it('stores every default so the version reads the same forever', () => {
    const { stored, created } = applyProfilePut([], base, ids);
    expect(created).toBe(true);
    expect(stored).toMatchObject({
      company_id: 'acme',
      profile_id: 'prof-1',
      effective_from: '2026-01-01',
      effective_to: null,
      income_tax_withholding_method: 'monthly_table',
      allow_withholding_rate_override: false,
      overtime_premium_rounding_method: 'none',
      overtime_premium_monthly_total_rounding: 'none',
      health_premium_rounding_scope: 'combined',
      social_insurance_collection: 'next_month',
    });
    expect(stored.version).toMatch(/^2026-01-01\.[0-9a-f]{12}$/);
  });

  it('an identical PUT creates nothing and returns the same version', () => {
    const first = applyProfilePut([], base, ids);
    const again = applyProfilePut(first.versions, { ...base }, ids);
    expect(again.created).toBe(false);
    expect(again.stored.version).toBe(first.stored.version);
    expect(again.versions).toHaveLength(1);
  });

  it('a PUT with defaults spelt out is identical to one that leaves them out', () => {
    const first = applyProfilePut([], base, ids);
    const explicit = applyProfilePut(first.versions, { ...base, health_premium_rounding_scope: 'combined' }, ids);
    expect(explicit.created).toBe(false);
  });

  it('a later effective_from closes the previous version the day before', () => {
    const first = applyProfilePut([], base, ids);
    const second = applyProfilePut(
      first.versions,
      { ...base, effective_from: '2026-04-01', health_premium_rounding_scope: 'per_item' },
      ids,
    );
    expect(second.versions.map((v) => [v.effective_from, v.effective_to])).toEqual([
      ['2026-01-01', '2026-03-31'],
      ['2026-04-01', null],
    ]);
    expect(resolveProfile(second.versions, '2026-03-31')?.health_premium_rounding_scope).toBe('combined');
    expect(resolveProfile(second.versions, '2026-04-01')?.health_premium_rounding_scope).toBe('per_item');
    expect(resolveProfile(second.versions, '2025-12-31')).toBeUndefined();
  });

  it('an equal effective_from replaces that version under a new version string', () => {
    const first = applyProfilePut([], base, ids);
    const replaced = applyProfilePut(first.versions, { ...base, income_tax_withholding_method: 'computer_special' }, ids);
    expect(replaced.created).toBe(true);
    expect(replaced.versions).toHaveLength(1);
    expect(replaced.stored.version).not.toBe(first.stored.version);
    expect(replaced.stored.income_tax_withholding_method).toBe('computer_special');
  });

  it('an earlier effective_from slots in before and ends the day before the next', () => {
    const first = applyProfilePut([], base, ids);
    const earlier = applyProfilePut(first.versions, { ...base, effective_from: '2025-10-01' }, ids);
    expect(earlier.versions.map((v) => [v.effective_from, v.effective_to])).toEqual([
      ['2025-10-01', '2025-12-31'],
      ['2026-01-01', null],
    ]);
  });
});
