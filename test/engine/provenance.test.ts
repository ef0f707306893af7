/**
 * Provenance: the rules and masters get a content hash at load; every result and trace step cites it.
 * A one-yen change in a master changes the masters hash and the combined one, not the rules hash.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { computeProvenance } from '../../engine/loading/provenance.ts';
import { oneYenMasters, PROJECT, removeTemp, ONE_YEN_FILE } from '../tools/support/data-copies.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { profilePutExample, incomeTaxSimulationExample } from '../../engine/contract/examples.ts';

const changed = oneYenMasters();
afterAll(() => removeTemp(join(changed, '..')));

describe('provenance', () => {
  const live = computeProvenance(join(PROJECT, 'rules'), join(PROJECT, 'masters'));
  const other = computeProvenance(join(PROJECT, 'rules'), changed);

  it('a one-yen change in one master file changes that file, the masters hash and the combined hash only', () => {
    expect(live.rules_masters_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(other.rules_hash).toBe(live.rules_hash);
    expect(other.masters_hash).not.toBe(live.masters_hash);
    expect(other.rules_masters_hash).not.toBe(live.rules_masters_hash);
    const differing = [...live.files].filter(([f, h]) => other.files.get(f) !== h).map(([f]) => f);
    expect(differing).toEqual([`masters/${ONE_YEN_FILE}`]);
  });

  it('names every YAML file of both folders with the SHA-256 of its bytes on disk, as a loaded engine reports it', () => {
    const onDisk = (folder: string) =>
      readdirSync(join(PROJECT, folder), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => [
          `${folder}/${f.split(sep).join('/')}`,
          createHash('sha256')
            .update(readFileSync(join(PROJECT, folder, f)))
            .digest('hex'),
        ]);
    const expected = new Map([...onDisk('rules'), ...onDisk('masters')] as [string, string][]);
    expect(expected.size).toBeGreaterThan(100);
    expect(new Map(live.files)).toEqual(expected);
    expect(loadEngine().provenance().rules_masters_hash).toBe(live.rules_masters_hash);
  });

  it('every result reports the hash and every trace step its rule file, hash, legal source and dates', () => {
    const engine = loadEngine();
    const { versions } = applyProfilePut([], profilePutExample as never, { company_id: 'acme-tokyo', profile_id: 'p' });
    const result = engine.calculate('income_tax_simulation', structuredClone(incomeTaxSimulationExample), versions).toResult();
    expect(result.settings_snapshot.rules_masters_hash).toBe(live.rules_masters_hash);
    const step = result.calculation_trace.find((s) => s.step === 'income_tax')!;
    expect(step.rule).toEqual({
      file: 'rules/income_tax/income_tax.monthly_bracket_lookup.v1.yaml',
      sha256: live.files.get('rules/income_tax/income_tax.monthly_bracket_lookup.v1.yaml'),
      legal_source: expect.stringContaining('所得税法'),
      effective_from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      effective_to: null,
    });
    for (const s of result.calculation_trace) expect((s.rule as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a settings_lock carrying another data fingerprint is a settings_lock_conflict', () => {
    const engine = loadEngine({ mastersDir: changed });
    const { versions } = applyProfilePut([], profilePutExample as never, { company_id: 'acme-tokyo', profile_id: 'p' });
    const first = engine.calculate('income_tax_simulation', structuredClone(incomeTaxSimulationExample), versions).toResult();
    const lock = { ...first.settings_snapshot };
    expect(() =>
      engine
        .calculate('income_tax_simulation', { ...structuredClone(incomeTaxSimulationExample), settings_lock: lock }, versions)
        .toResult(),
    ).not.toThrow();
    expect(() =>
      engine
        .calculate(
          'income_tax_simulation',
          { ...structuredClone(incomeTaxSimulationExample), settings_lock: { ...lock, rules_masters_hash: live.rules_masters_hash } },
          versions,
        )
        .toResult(),
    ).toThrow(/rules_masters_hash: locked/);
  });
});
