/**
 * A version that restates only what changed (inherit_unchanged_records): a HYPOTHETICAL FY2027 employment
 * insurance table (test data, not a published rate) changing the construction rate only. The other business
 * types are carried from 2026-04 into 2027-04, complete, with the new version's envelope.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rateTableRecords } from '../../engine/listing.ts';
import { checkMasters, loadMasters } from '../../engine/masters/load.ts';

const MASTERS = join(import.meta.dirname, '../../masters');
const tmp = mkdtempSync(join(tmpdir(), 'masters-inherit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function withFy2027(name: string, inherit: boolean): string {
  const dir = join(tmp, name);
  cpSync(MASTERS, dir, { recursive: true });
  const prev = join(dir, 'employment_insurance/2026-04.yaml');
  writeFileSync(prev, readFileSync(prev, 'utf8').replace(/^effective_to: null.*$/m, 'effective_to: "2027-03-31"'));
  writeFileSync(
    join(dir, 'employment_insurance/2027-04.yaml'),
    `kind: employment_insurance_rate_table
version: "2027-04"
effective_from: "2027-04-01"
effective_to: null
effective_date_basis: payment_date
provider: test
source_artifact_id: hypothetical-fy2027
sources: [{artifact_id: hypothetical-fy2027, publisher: test, document: hypothetical, verification: none, confidence: none}]
${inherit ? 'inherit_unchanged_records: true\n' : ''}records:
  - {id: ei-construction, business_type: construction, employee_rate: "0.007"}
`,
  );
  return dir;
}

describe('inherit_unchanged_records', () => {
  it('the unchanged business types resolve in the new version, with its envelope and the old rate', () => {
    const m = loadMasters(withFy2027('inherit', true));
    const general = m.resolve('employment_insurance_rate_table', 'ei-general', '2027-05-25')!;
    expect(general).toMatchObject({ version: '2027-04', effective_from: '2027-04-01', effective_to: null, file: 'employment_insurance/2027-04.yaml', business_type: 'general' });
    expect(general.employee_rate.toFixed()).toBe('0.005');
    expect(m.resolve('employment_insurance_rate_table', 'ei-construction', '2027-05-25')!.employee_rate.toFixed()).toBe('0.007');
    expect(m.resolve('employment_insurance_rate_table', 'ei-general', '2027-03-25')!.version).toBe('2026-04');
  });
  it('listings show every record of the new version', () => {
    const rows = rateTableRecords(loadMasters(withFy2027('listing', true))).filter((r) => r.type === 'employment_insurance_rate_table' && r.version === '2027-04');
    expect(rows.map((r) => [r.business_type, r.employee_rate])).toEqual([
      ['agriculture_forestry_fisheries_sake', '0.006'],
      ['construction', '0.007'],
      ['general', '0.005'],
    ]);
  });
  it('without the flag the missing business types are a version gap, named', () => {
    const problems = checkMasters(withFy2027('no-inherit', false));
    expect(problems.map((p) => `${p.file} ${p.path}`)).toEqual(expect.arrayContaining(['employment_insurance/2026-04.yaml /effective_to']));
  });
});
