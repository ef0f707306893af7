/**
 * A version that restates only what changed (inherit_unchanged_records): a HYPOTHETICAL FY2027 employment
 * insurance table (test data, not a published rate) changing the construction rate only. The other business
 * types are carried from 2026-04 into 2027-04, complete, with the new version's envelope.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rateTableRecords } from '../../engine/loading/listing.ts';
import { checkMasters, loadMasters } from '../../engine/loading/masters/load.ts';

const MASTERS = join(import.meta.dirname, '../../masters');
const tmp = mkdtempSync(join(tmpdir(), 'masters-inherit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * A copy of masters/ where the open-ended `folder/<prev>.yaml` now ends on `prevEnd` and a HYPOTHETICAL
 * `folder/<version>.yaml` follows it: the given kind, basis and records, with or without the flag.
 */
interface NextVersion {
  folder: string;
  prev: string;
  prevEnd: string;
  kind: string;
  version: string;
  from: string;
  basis: string;
  records: string;
}

function withNextVersion(name: string, t: NextVersion, inherit: boolean): string {
  const dir = join(tmp, name);
  cpSync(MASTERS, dir, { recursive: true });
  const prev = join(dir, `${t.folder}/${t.prev}.yaml`);
  writeFileSync(prev, readFileSync(prev, 'utf8').replace(/^effective_to: null.*$/m, `effective_to: "${t.prevEnd}"`));
  writeFileSync(
    join(dir, `${t.folder}/${t.version}.yaml`),
    `kind: ${t.kind}
version: "${t.version}"
effective_from: "${t.from}"
effective_to: null
known_through: "${t.from}"
effective_date_basis: ${t.basis}
provider: test
source_artifact_id: hypothetical-${name}
sources: [{artifact_id: hypothetical-${name}, publisher: test, document: hypothetical, verification: none, confidence: none}]
${inherit ? 'inherit_unchanged_records: true\n' : ''}records:
${t.records}
`,
  );
  return dir;
}

const EI_FY2027: NextVersion = {
  folder: 'employment_insurance',
  prev: '2026-04',
  prevEnd: '2027-03-31',
  kind: 'employment_insurance_rate_table',
  version: '2027-04',
  from: '2027-04-01',
  basis: 'payment_date',
  records: '  - {id: ei-construction, business_type: construction, employee_rate: "0.007"}',
};
const withFy2027 = (name: string, inherit: boolean) => withNextVersion(name, EI_FY2027, inherit);

describe('inherit_unchanged_records', () => {
  it('the unchanged business types resolve in the new version, with its envelope and the old rate', () => {
    const m = loadMasters(withFy2027('inherit', true));
    const general = m.resolve('employment_insurance_rate_table', 'ei-general', '2027-05-25')!;
    expect(general).toMatchObject({
      version: '2027-04',
      effective_from: '2027-04-01',
      effective_to: null,
      file: 'employment_insurance/2027-04.yaml',
      business_type: 'general',
    });
    expect(general.employee_rate.toFixed()).toBe('0.005');
    // carried unchanged: its source is the version it was published in, not the hypothetical file's
    expect(general.inherited_from).toEqual({ version: '2026-04', file: 'employment_insurance/2026-04.yaml' });
    expect(general.source_artifact_id).not.toMatch(/^hypothetical/);
    expect(general.sources.map((s) => s.artifact_id)).toContain(general.source_artifact_id);
    const changed = m.resolve('employment_insurance_rate_table', 'ei-construction', '2027-05-25')!;
    expect([changed.inherited_from, changed.source_artifact_id]).toEqual([undefined, 'hypothetical-inherit']);
    expect(m.resolve('employment_insurance_rate_table', 'ei-construction', '2027-05-25')!.employee_rate.toFixed()).toBe('0.007');
    expect(m.resolve('employment_insurance_rate_table', 'ei-general', '2027-03-25')!.version).toBe('2026-04');
  });
  it('listings show every record of the new version, each with the source its values came from', () => {
    const rows = rateTableRecords(loadMasters(withFy2027('listing', true))).filter(
      (r) => r.type === 'employment_insurance_rate_table' && r.version === '2027-04',
    );
    expect(rows.map((r) => [r.business_type, r.employee_rate])).toEqual([
      ['agriculture_forestry_fisheries_sake', '0.006'],
      ['construction', '0.007'],
      ['general', '0.005'],
    ]);
    const sourceOf = (type: string) => rows.find((r) => r.business_type === type)!.source_artifact_id;
    expect(sourceOf('construction')).toBe('hypothetical-listing');
    expect(sourceOf('general')).not.toBe('hypothetical-listing');
  });
  it('without the flag the missing business types are a version gap, named', () => {
    const problems = checkMasters(withFy2027('no-inherit', false));
    expect(problems.map((p) => `${p.file} ${p.path}`)).toEqual(expect.arrayContaining(['employment_insurance/2026-04.yaml /effective_to']));
  });
});

/**
 * The same for the association (kyokai) rates: a HYPOTHETICAL FY2027 version (test data, not a published
 * rate) from the 2027-03 premium month changing Tokyo only. The every-prefecture check applies to the
 * version as resolved: complete with the flag, refused without it.
 */
const KYOKAI_FY2027: NextVersion = {
  folder: 'social_insurance/kyokai_rates',
  prev: '2026-04',
  prevEnd: '2027-02-28',
  kind: 'social_insurance_rate_table',
  version: '2027-03',
  from: '2027-03-01',
  basis: 'premium_month',
  records:
    '  - {id: kyokai-13, prefecture_code: "13", prefecture_name: tokyo, prefecture_name_ja: 東京都, health_insurance_employee_rate: "0.049", care_insurance_employee_rate: "0.0081", childcare_support_contribution_employee_rate: "0.00115", health_insurance_standard_bonus_annual_cap: 5730000}',
};
const withKyokaiFy2027 = (name: string, inherit: boolean) => withNextVersion(name, KYOKAI_FY2027, inherit);

describe('inherit_unchanged_records for the association rates', () => {
  it('the version resolves all 47 prefectures: the listed one changed, the others carried with the new envelope', () => {
    const dir = withKyokaiFy2027('kyokai-inherit', true);
    expect(checkMasters(dir)).toEqual([]);
    const m = loadMasters(dir);
    const tokyo = m.resolve('social_insurance_rate_table', 'kyokai-13', '2027-03-01')!;
    expect(tokyo).toMatchObject({ version: '2027-03', file: 'social_insurance/kyokai_rates/2027-03.yaml' });
    expect(tokyo.health_insurance_employee_rate.toFixed()).toBe('0.049');
    const hokkaido = m.resolve('social_insurance_rate_table', 'kyokai-01', '2027-03-01')!;
    expect(hokkaido).toMatchObject({ version: '2027-03', effective_from: '2027-03-01', effective_to: null, prefecture_code: '01' });
    expect(hokkaido.health_insurance_employee_rate.toFixed()).toBe('0.0514');
    expect(m.resolve('social_insurance_rate_table', 'kyokai-01', '2027-02-01')!.version).toBe('2026-04');
    const listed = rateTableRecords(m).filter((r) => r.type === 'social_insurance_rate_table' && r.version === '2027-03');
    expect(listed).toHaveLength(47);
  });

  it('without the flag the partial file is refused by the every-prefecture check, naming what is missing', () => {
    const problems = checkMasters(withKyokaiFy2027('kyokai-no-inherit', false));
    const partial = problems.filter((p) => p.file === 'social_insurance/kyokai_rates/2027-03.yaml' && p.path === '/records');
    expect(partial).toHaveLength(1);
    expect(partial[0].message).toMatch(/^1 prefectures, expected 47; missing 01, 02, .*, 12, 14, .*47/);
  });

  it('an inheriting first version has nothing to inherit: still incomplete, and said so', () => {
    const dir = withKyokaiFy2027('kyokai-first', true);
    for (const v of ['2025-03', '2026-03', '2026-04']) rmSync(join(dir, `social_insurance/kyokai_rates/${v}.yaml`));
    const problems = checkMasters(dir).filter((p) => p.path === '/records');
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^1 prefectures after inheriting the unlisted prefectures from the previous version, expected 47/),
    ]);
  });
});
