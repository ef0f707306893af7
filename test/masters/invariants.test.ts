/** Each invariant, exercised by one edit of a real master file in a temp tree. */
import { describe, expect, it } from 'vitest';
import { checkMasters } from '../../engine/loading/masters/load.ts';
import { nextDay } from '../../engine/loading/masters/invariants/versions-continuous.ts';
import { mutatedTree, replaceOnce } from './mutate.ts';
import { noImportPlaceholders } from '../../engine/loading/masters/invariants/no-import-placeholders.ts';
import { ratesInUnitInterval } from '../../engine/loading/masters/invariants/rates-in-unit-interval.ts';
import { ratesPlausible } from '../../engine/loading/masters/invariants/rates-plausible.ts';

const EI = ['employment_insurance/2024-04.yaml', 'employment_insurance/2025-04.yaml', 'employment_insurance/2026-04.yaml'];
const edited = (files: string[], file: string, from: string | RegExp, to: string) =>
  checkMasters(mutatedTree(files, (t, f) => (f === file ? replaceOnce(t, from, to) : t)));
// A tree holding one closed version (e.g. 2026-01 alone) also lacks its open-ended successor: ignore that here.
const only = (files: string[], file: string, from: string | RegExp, to: string) =>
  edited(files, file, from, to).filter((p) => !/newest version must be open-ended/.test(p.message));
const paths = (problems: { file: string; path: string }[]) => problems.map((p) => `${p.file} ${p.path}`);

describe('unchanged copies pass', () => {
  it.each([
    ['employment insurance 2024-04, 2025-04 and 2026-04', EI],
    ['the monthly withholding table 2026-01', ['income_tax/monthly/2026-01.yaml']],
    ['the kyokai rates 2026-04', ['social_insurance/kyokai_rates/2026-04.yaml']],
    ['employees pension 2020-09', ['employees_pension/2020-09.yaml']],
  ])('%s', (_name, files) => {
    // a single version must be open-ended; 2026-01 is closed, so give it to the check as the newest only if open
    const problems = checkMasters(mutatedTree(files));
    expect(problems.filter((p) => !/newest version must be open-ended/.test(p.message))).toEqual([]);
  });
});

describe('version continuity', () => {
  it('a gap between versions', () => {
    const p = only(EI, EI[1], 'effective_to: "2026-03-31"', 'effective_to: "2026-03-30"');
    expect(paths(p)).toEqual(['employment_insurance/2026-04.yaml /effective_from']);
    expect(p[0].message).toMatch(/gap after employment_insurance\/2025-04\.yaml .* expected 2026-03-31/);
  });
  it('an open-ended version that is not the last', () => {
    const p = only(EI, EI[1], /effective_to: "2026-03-31"/, 'effective_to: null');
    expect(paths(p)).toEqual(['employment_insurance/2025-04.yaml /effective_to']);
  });
  it('a closed newest version', () => {
    // a date no real version ends on, so the edit applies whether or not 2026-04 has a successor by now
    const p = edited(EI, EI[2], /^effective_to: .*$/m, 'effective_to: "2027-06-30"');
    expect(paths(p)).toEqual(['employment_insurance/2026-04.yaml /effective_to']);
    expect(p[0].message).toMatch(/newest version must be open-ended/);
  });
  it('effective_to before effective_from', () => {
    const p = only(EI, EI[0], 'effective_to: "2025-03-31"', 'effective_to: "2024-03-31"');
    expect(paths(p)).toContain('employment_insurance/2024-04.yaml /effective_to');
  });
  it('nextDay crosses months, years and leap days', () => {
    expect([nextDay('2026-02-28'), nextDay('2028-02-28'), nextDay('2025-12-31')]).toEqual(['2026-03-01', '2028-02-29', '2026-01-01']);
  });
});

describe('file-level checks', () => {
  it('file name must equal version', () => {
    const p = checkMasters(mutatedTree([EI[2]], undefined, { [EI[2]]: 'employment_insurance/2026-05.yaml' })).filter(
      (x) => !/newest version must be open-ended/.test(x.message),
    );
    expect(paths(p)).toEqual(['employment_insurance/2026-05.yaml /version']);
  });
  it('source_artifact_id must name one of the sources', () => {
    const p = only([EI[2]], EI[2], 'source_artifact_id: mhlw-koyou-hokenryoritsu-r8', 'source_artifact_id: nowhere');
    expect(paths(p)).toEqual(['employment_insurance/2026-04.yaml /source_artifact_id']);
  });
  it('an unknown kind', () => {
    const p = only([EI[2]], EI[2], 'kind: employment_insurance_rate_table', 'kind: employment_rates');
    expect(paths(p)).toEqual(['employment_insurance/2026-04.yaml /kind']);
  });
  it('a YAML syntax error keeps its line', () => {
    const p = only([EI[2]], EI[2], 'records:\n', 'records: [\n');
    expect(p[0].file).toBe('employment_insurance/2026-04.yaml');
    expect(p[0].message).toMatch(/line \d+/);
  });
  it('duplicate record ids', () => {
    const p = only([EI[2]], EI[2], '{id: ei-construction,', '{id: ei-general,');
    expect(paths(p)).toContain('employment_insurance/2026-04.yaml /records/2/id');
  });
});

describe('prefectures', () => {
  const K = 'social_insurance/kyokai_rates/2026-04.yaml';
  it('a missing prefecture', () => {
    const p = only([K], K, /\n {2}- \{id: kyokai-47,[^\n]*/, '');
    expect(paths(p)).toEqual([`${K} /records`]);
    expect(p[0].message).toMatch(/46 prefectures, expected 47; missing 47/);
  });
  it('a duplicated prefecture code', () => {
    const p = only([K], K, 'prefecture_code: "47"', 'prefecture_code: "46"');
    expect(paths(p)).toEqual([`${K} /records/46/prefecture_code`, `${K} /records/46/id`, `${K} /records`]);
  });
});

describe('monthly table', () => {
  const M = 'income_tax/monthly/2026-01.yaml';
  it('the first row must start at the below-table limit', () => {
    const p = only([M], M, 'kou_below_table: {upper_excl: 105000', 'kou_below_table: {upper_excl: 100000');
    expect(paths(p)).toContain(`${M} /rows/0/0`);
  });
  it("brackets must start at the last row's upper bound", () => {
    const p = only([M], M, '{from: 740000, upto: 790000', '{from: 745000, upto: 790000');
    expect(paths(p)).toContain(`${M} /kou_brackets/0/from`);
  });
  it('only the last bracket is open', () => {
    const p = only([M], M, '{from: 740000, upto: 1710000', '{from: 740000, upto: null');
    expect(paths(p)).toContain(`${M} /otsu_brackets/0/upto`);
  });
  it('tax non-decreasing down a column', () => {
    const p = only([M], M, '[105000, 107000, 170,', '[105000, 107000, 990,');
    expect(paths(p)).toContain(`${M} /rows/1/2`);
  });
  it('tax non-increasing across dependents', () => {
    const p = only([M], M, '[105000, 107000, 170, 0,', '[105000, 107000, 170, 180,');
    expect(paths(p)).toContain(`${M} /rows/0/3`);
  });
  it('rows must be 11 columns', () => {
    const p = only([M], M, '[105000, 107000, 170, 0,', '[105000, 107000, 170,');
    expect(paths(p)).toContain(`${M} /rows/0`);
  });
});

describe('bonus, grades, tiers', () => {
  it('a gap between bonus bands', () => {
    const B = 'income_tax/bonus/2026-01.yaml';
    const p = only([B], B, '[82000, 94000, "0.02042"]', '[83000, 94000, "0.02042"]');
    expect(paths(p)).toEqual([`${B} /kou/0/bands/1/0`]);
  });
  it('a not_imported table with bands', () => {
    const B = 'income_tax/bonus/2027-01.yaml';
    const p = only([B], B, 'otsu: null', 'otsu: [[0, null, "0.1021"]]');
    expect(paths(p)).toEqual([`${B} /otsu`]);
  });
  it('a gap between grades', () => {
    const G = 'employees_pension/2020-09.yaml';
    const p = only(
      [G],
      G,
      '{grade: 2, standard_monthly_remuneration: 98000, from: 93000',
      '{grade: 2, standard_monthly_remuneration: 98000, from: 94000',
    );
    expect(paths(p)).toEqual([`${G} /grades/1/from`]);
  });
  it('grade numbers 1..n', () => {
    const G = 'social_insurance/health_grades/2025-03.yaml';
    const p = only([G], G, '{grade: 3,', '{grade: 4,');
    expect(paths(p)).toEqual([`${G} /grades/2/grade`]);
  });
  it('inclusive tiers: next from = previous to + 1', () => {
    const C = 'income_tax/computer_special/2026-01.yaml';
    const p = only([C], C, '{from: 158334,', '{from: 158335,');
    expect(paths(p)).toEqual([`${C} /salary_deduction_tiers/1/from`]);
  });
  it('a rate above 1 in a bonus band', () => {
    const B = 'income_tax/bonus/2026-01.yaml';
    const p = only([B], B, '[3495000, null, "0.45945"]', '[3495000, null, "45.945"]');
    expect(paths(p)).toEqual([`${B} /kou/0/bands/20/2`]);
  });
});

describe('the walking invariants name the node at fault', () => {
  const doc = {
    sources: [{ publisher: 'TO_FILL: publisher' }, { publisher: 'NTA', verification: ['ok', 'TO_FILL later'] }],
    records: [
      { id: 'a', employee_rate: '0.06', total_rate: '0.5' },
      { id: 'b', employee_rate: '0.005', nested: { rate: '18.3', other: [{ care_rate: -0.1 }] } },
    ],
    bands: [
      [0, 100, '0.1'],
      [100, null, '1.5'],
    ],
    otsu: [[1, 2]],
  };

  it('placeholders, at any depth, and a placeholder at the root', () => {
    expect(noImportPlaceholders(doc).map((i) => i.path)).toEqual(['/sources/0/publisher', '/sources/1/verification/1']);
    expect(noImportPlaceholders('TO_FILL').map((i) => i.path)).toEqual(['/']);
  });

  it('rates outside 0..1: named keys at any depth and the third element of a band', () => {
    expect(ratesInUnitInterval(doc).map((i) => i.path)).toEqual([
      '/records/1/nested/rate',
      '/records/1/nested/other/0/care_rate',
      '/bands/1/2',
    ]);
  });

  it('implausible shares, each against its bound, the bound read once for many files', () => {
    const bounds = new Map([['employee_rate', { min: '0.001', max: '0.01', basis: 'test' }]]);
    expect(ratesPlausible(doc, bounds).map((i) => i.path)).toEqual(['/records/0/employee_rate']);
    expect(ratesPlausible({ x: [{ employee_rate: '0.0005' }] }, bounds).map((i) => i.path)).toEqual(['/x/0/employee_rate']);
  });
});
