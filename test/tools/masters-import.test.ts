/**
 * masters:import round trip: the published layouts of the tables already held (test/fixtures/statutory,
 * verbatim copies of the research extractions) import to the same records as the live masters; what the
 * CSV does not carry is a TO_FILL placeholder that masters:check refuses.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../tools/masters-import/csv.ts';
import { IMPORT_KINDS } from '../../tools/masters-import/kinds/index.ts';
import { masterYaml } from '../../tools/masters-import/write.ts';
import { checkMasters } from '../../engine/loading/masters/load.ts';
import { PROJECT, removeTemp, tempDir } from './support/data-copies.ts';
import { importCli, PUBLISHED } from './support/import-cli.ts';

const live = (path: string) => parse(readFileSync(join(PROJECT, 'masters', path), 'utf8'), { schema: 'core' });

/** Imports like the command does (CSV -> YAML text) and reads the text back as data. */
function imported(kind: string, csv: string, select?: string): { path: string; doc: any; text: string } {
  const file = join(PUBLISHED, csv);
  const result = IMPORT_KINDS[kind].build(readCsv(file, IMPORT_KINDS[kind]), file, { select });
  const text = masterYaml(result, file, { kindName: kind });
  return { path: result.path, doc: parse(text, { schema: 'core' }), text };
}

const PLACEHOLDER = expect.stringMatching(/^TO_FILL: /);

describe('masters:import round trip against the live masters', () => {
  it.each([
    ['income_tax/monthly_2025.csv', 'income_tax/monthly/2020-01.yaml'],
    ['income_tax/monthly_2026.csv', 'income_tax/monthly/2026-01.yaml'],
    ['income_tax/monthly_2027.csv', 'income_tax/monthly/2027-01.yaml'],
  ])('withholding-monthly %s has the rows of %s', (csv, master) => {
    const { doc, path } = imported('withholding-monthly', csv);
    expect(path).toBe(`income_tax/monthly/${csv.slice(-8, -4)}-01.yaml`);
    expect(doc.columns).toEqual(live(master).columns);
    expect(doc.rows).toEqual(live(master).rows);
    expect(doc.rows.length).toBeGreaterThan(200);
    expect(doc.kou_brackets).toEqual(PLACEHOLDER);
    expect(doc).toMatchObject({ kind: 'income_tax_monthly_table', id: 'nta-withholding-monthly', effective_date_basis: 'payment_date' });
  });

  it.each([
    ['income_tax/bonus_2025.csv', 'income_tax/bonus/2020-01.yaml'],
    ['income_tax/bonus_2026.csv', 'income_tax/bonus/2026-01.yaml'],
  ])('withholding-bonus %s has the bands of %s (percent -> exact fractions)', (csv, master) => {
    const { doc } = imported('withholding-bonus', csv);
    expect(doc.kou).toEqual(live(master).kou);
    expect(doc.otsu).toEqual(live(master).otsu);
    expect(doc.status).toBe('imported');
  });

  it.each([
    ['2025-03', ['2025-03']],
    ['2026-03', ['2026-03', '2026-04']],
  ])('kyokai-rates premium month %s has the 47 prefecture rates of %s', (month, versions) => {
    const { doc, path } = imported('kyokai-rates', 'social_insurance/kyokai_kenpo_health_rates.csv', month);
    expect(path).toBe(`social_insurance/kyokai_rates/${month}.yaml`);
    expect(doc.records).toHaveLength(47);
    for (const version of versions) {
      const records = live(`social_insurance/kyokai_rates/${version}.yaml`).records;
      // the CSV has no childcare support rate and no bonus cap: those two are placeholders
      const strip = (r: any) => ({
        ...r,
        childcare_support_contribution_employee_rate: undefined,
        health_insurance_standard_bonus_annual_cap: undefined,
      });
      expect(doc.records.map(strip)).toEqual(records.map(strip));
    }
    expect(doc.records[12].childcare_support_contribution_employee_rate).toEqual(PLACEHOLDER);
    expect(doc.effective_from).toBe(`${month}-01`);
  });

  it.each([['2024'], ['2025'], ['2026']])('employment-insurance fiscal year %s has the records of the live version', (fy) => {
    const { doc, path } = imported('employment-insurance', 'social_insurance/employment_insurance_rates.csv', fy);
    expect(path).toBe(`employment_insurance/${fy}-04.yaml`);
    expect(doc.records).toEqual(live(path).records);
    expect(doc.effective_from).toBe(`${fy}-04-01`);
  });

  it('health-grades has the 50 grades of the live table', () => {
    const { doc } = imported('health-grades', 'social_insurance/standard_monthly_remuneration_grades.csv', '2025-03');
    expect(doc.grades).toEqual(live('social_insurance/health_grades/2025-03.yaml').grades);
  });

  it("pension-grades has the 32 grades of the live employees' pension table, rate and cap to fill", () => {
    const { doc, path } = imported('pension-grades', 'social_insurance/standard_monthly_remuneration_grades.csv', '2020-09');
    expect(path).toBe('employees_pension/2020-09.yaml');
    expect(doc.grades).toEqual(live('employees_pension/2020-09.yaml').grades);
    expect(doc.grades).toHaveLength(32);
    expect(doc.employees_pension_insurance_employee_rate).toEqual(PLACEHOLDER);
  });
});

describe('placeholders and the command line', () => {
  const dir = tempDir('import');
  afterAll(() => removeTemp(dir));
  const cli = importCli;

  it('masters:check refuses an unfilled import, naming each placeholder; filled, it passes', async () => {
    const res = await cli('employment-insurance', join(PUBLISHED, 'social_insurance/employment_insurance_rates.csv'), '--into', dir);
    expect(res.code).toBe(0);
    const file = join(dir, 'employment_insurance/2026-04.yaml');
    // a typed field left to fill (the date the source covers) fails the schema before the text placeholders are named
    expect(checkMasters(dir).map((p) => p.path)).toContain('/known_through');
    const imported = readFileSync(file, 'utf8');
    writeFileSync(file, imported.replace(/^known_through: .*$/m, 'known_through: "2027-03-31"'));
    const problems = checkMasters(dir);
    expect(problems.map((p) => p.path)).toEqual(expect.arrayContaining(['/provider', '/sources/0/publisher', '/sources/0/verification']));
    expect(problems.find((p) => p.path === '/sources/0/publisher')!.message).toMatch(
      /^placeholder left by masters:import: TO_FILL: who published the table \(line \d+\)$/,
    );
    // fill the envelope from the live file (what the specialist types in from the publication)
    const liveText = readFileSync(join(PROJECT, 'masters', 'employment_insurance/2026-04.yaml'), 'utf8');
    const envelope = liveText.slice(liveText.indexOf('provider:'), liveText.indexOf('records:'));
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, text.indexOf('provider:')) + envelope + text.slice(text.indexOf('records:')));
    expect(checkMasters(dir)).toEqual([]);
    expect(
      (await cli('employment-insurance', join(PUBLISHED, 'social_insurance/employment_insurance_rates.csv'), '--into', dir)).stderr,
    ).toMatch(/exists; a new version is a new file/);
  });

  it('--help lists the kinds; bad input is one line', async () => {
    expect((await cli('--help')).stdout).toContain('kyokai-rates');
    const unknown = await cli('nonsense', 'x.csv');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'masters:import: unknown kind nonsense; one of withholding-monthly, withholding-bonus, kyokai-rates, employment-insurance, health-grades, pension-grades\n',
    );
    const wrongLayout = await cli('withholding-bonus', join(PUBLISHED, 'income_tax/monthly_2026.csv'));
    expect(wrongLayout.stderr).toMatch(
      /^masters:import: .*monthly_2026\.csv: missing column\(s\) column, dependents, rate_percent, lower_incl_yen, upper_excl_yen; expected the published layout/,
    );
    expect(wrongLayout.stderr.trim().split('\n')).toHaveLength(1);
    const noYear = await cli('health-grades', join(PUBLISHED, 'social_insurance/standard_monthly_remuneration_grades.csv'));
    expect(noYear.stderr).toMatch(/give --select YYYY-MM/);
  });
});
