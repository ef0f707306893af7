/**
 * masters:import on real imports: values the same on every record come from --set (the
 * kyokai import left 2 x 47 = 94 record placeholders before), the previous version's structure is carried
 * with its comments and named as carried, the new version is open-ended, and a file with placeholders left
 * is reported as incomplete, placeholder by placeholder.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMasters } from '../../engine/loading/masters/load.ts';
import { PROJECT, removeTemp, tempDir } from './support/data-copies.ts';
import { importCli, PUBLISHED } from './support/import-cli.ts';

const dir = tempDir('import-workbench');
afterAll(() => removeTemp(dir));
const live = (path: string) => parse(readFileSync(join(PROJECT, 'masters', path), 'utf8'), { schema: 'core' });
const read = (file: string) => parse(readFileSync(file, 'utf8'), { schema: 'core' });
const KYOKAI = join(PUBLISHED, 'social_insurance/kyokai_kenpo_health_rates.csv');
const countPlaceholders = (text: string) => (text.match(/TO_FILL/g) ?? []).length;

describe('values the same on every record, from --set', () => {
  it('without --set the kyokai import leaves 94 record placeholders, reported as 2 fields of 47 records with the --set that fills each', async () => {
    const out = join(dir, 'kyokai-unset.yaml');
    const r = await importCli('kyokai-rates', KYOKAI, '--select', '2026-03', '--out', out);
    expect(r.code).toBe(0);
    const doc = read(out);
    const recordPlaceholders = doc.records.flatMap((x: Record<string, unknown>) =>
      Object.values(x).filter((v) => typeof v === 'string' && v.startsWith('TO_FILL')),
    );
    expect(recordPlaceholders).toHaveLength(94);
    expect(r.stderr).toMatch(
      /^masters:import: INCOMPLETE master written to .*kyokai-unset\.yaml: 102 placeholder value\(s\) in 10 field\(s\) left to fill/,
    );
    expect(r.stderr).toContain(
      '  records[*].childcare_support_contribution_employee_rate (47 records) (or --set childcare_support_contribution_employee_rate=VALUE)\n',
    );
    expect(r.stderr).toContain(
      '  records[*].health_insurance_standard_bonus_annual_cap (47 records) (or --set health_insurance_standard_bonus_annual_cap=VALUE)\n',
    );
  });

  it('with --set the 47 records of premium month 2026-03 plus the 2026-04 support rate are exactly the live 2026-04 records', async () => {
    const out = join(dir, 'kyokai-set.yaml');
    const r = await importCli(
      'kyokai-rates',
      KYOKAI,
      '--select',
      '2026-03',
      '--set',
      'childcare_support_contribution_employee_rate=0.115%',
      '--set',
      'health_insurance_standard_bonus_annual_cap=5,730,000',
      '--out',
      out,
    );
    expect(r.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(read(out).records).toEqual(live('social_insurance/kyokai_rates/2026-04.yaml').records);
    // what is left is the provenance and the date it covers only: 8 placeholders, none in a record
    expect(r.stderr).toMatch(/INCOMPLETE master written to .*: 8 placeholder value\(s\) in 8 field\(s\)/);
    expect(countPlaceholders(text.slice(text.indexOf('records:')))).toBe(0);
    expect(r.stderr).toContain('  set childcare_support_contribution_employee_rate = "0.00115" on all 47 records (--set)\n');
    expect(r.stderr).toContain('  set health_insurance_standard_bonus_annual_cap = 5730000 on all 47 records (--set)\n');
  });

  it('null where the master allows it (no support rate before 2026-04): the live 2026-03 records', async () => {
    const out = join(dir, 'kyokai-null.yaml');
    const r = await importCli(
      'kyokai-rates',
      KYOKAI,
      '--select',
      '2026-03',
      '--set',
      'childcare_support_contribution_employee_rate=null',
      '--set',
      'health_insurance_standard_bonus_annual_cap=5730000',
      '--out',
      out,
    );
    expect(r.code).toBe(0);
    expect(read(out).records).toEqual(live('social_insurance/kyokai_rates/2026-03.yaml').records);
  });

  it('--help lists the fields each kind takes with --set, with their type', async () => {
    const help = (await importCli('--help')).stdout;
    expect(help).toContain('kyokai-rates: childcare_support_contribution_employee_rate (rate or null, every record)\n');
    expect(help).toContain('pension-grades: employees_pension_standard_bonus_monthly_cap (yen)\n');
  });

  it.each([
    [
      '--set',
      'nonsense=1',
      /--set nonsense: not a field kyokai-rates fills from the command line; it takes childcare_support_contribution_employee_rate, health_insurance_standard_bonus_annual_cap/,
    ],
    ['--set', 'childcare_support_contribution_employee_rate=0,115', /"0,115" is not a rate/],
    ['--set', 'childcare_support_contribution_employee_rate=115%', /100 % or more/],
    ['--set', 'health_insurance_standard_bonus_annual_cap=null', /null is not allowed here/],
    ['--set', 'health_insurance_standard_bonus_annual_cap=5730000.5', /not a whole number of yen/],
    ['--set', 'health_insurance_standard_bonus_annual_cap', /give FIELD=VALUE/],
  ])('refuses a bad %s %s', async (_flag, value, pattern) => {
    const args = ['--set', value];
    const r = await importCli('kyokai-rates', KYOKAI, ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(pattern);
    expect(r.stdout).toBe('');
  });
});

describe('the structure of the previous version', () => {
  it('withholding-monthly 2027 carries the 2026 structure with its comments, marks each carried key, derives the below-table bound from the CSV, and is open-ended', async () => {
    const out = join(dir, 'monthly-2027.yaml');
    const r = await importCli(
      'withholding-monthly',
      join(PUBLISHED, 'income_tax/monthly_2027.csv'),
      '--previous',
      join(PROJECT, 'masters/income_tax/monthly/2026-01.yaml'),
      '--out',
      out,
    );
    expect(r.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    const doc = read(out);
    const prev = live('income_tax/monthly/2026-01.yaml');
    const now = live('income_tax/monthly/2027-01.yaml');
    expect(doc.effective_to).toBeNull();
    for (const key of [
      'range_convention',
      'kou_brackets',
      'otsu_brackets',
      'per_extra_dependent_deduction',
      'tax_dependent_count_max',
      'otsu_secondary_declaration_deduction',
    ])
      expect(doc[key]).toEqual(prev[key]);
    // the first row of the 2027 table starts at 111,000 (2026: 105,000): the below-table rows end there
    expect(doc.kou_below_table).toEqual(now.kou_below_table);
    expect(doc.otsu_below_table).toEqual(now.otsu_below_table);
    expect(doc.rows).toEqual(now.rows);
    // in the previous file's key order, each carried key with the previous comment and the carried-from line
    expect(Object.keys(doc)).toEqual(Object.keys(prev));
    expect(text).toMatch(
      /\n# 甲欄 A >= 740,000: tax = base_by_dependents\[n\] \+ \(A - from\) x rate, for from <= A < upto \(upto null = open\)\.\n# carried from \S*masters\/income_tax\/monthly\/2026-01\.yaml: confirm against the new publication\nkou_brackets:\n/,
    );
    expect(text.match(/# carried from .*monthly\/2026-01\.yaml: confirm against the new publication\n/g)).toHaveLength(8);
    expect(text).toMatch(/\nkou_brackets:\n {2}- \{from: 740000, upto: 790000, rate: "0.2042", base_by_dependents: \[71680, /);
    // the specialist confirms them while filling the sources, and the report says so
    expect(doc.sources[0].verification).toMatch(
      /including those carried from .*2026-01\.yaml \(range_convention, kou_below_table, otsu_below_table, kou_brackets, otsu_brackets, per_extra_dependent_deduction, tax_dependent_count_max, otsu_secondary_declaration_deduction\)$/,
    );
    expect(r.stderr).toMatch(
      /carried from .*2026-01\.yaml \(confirm each against the new publication\): range_convention, kou_below_table, /,
    );
    expect(r.stderr).toContain("  from the CSV: kou_below_table.upper_excl = 111000, the first row's lower bound\n");
    // filled from the 2027 publication (provenance, the brackets that moved, the unconfirmed deduction) it is the live 2027 master
    const filled = { ...doc };
    for (const key of [
      'known_through',
      'provider',
      'source_artifact_id',
      'sources',
      'kou_brackets',
      'otsu_brackets',
      'otsu_secondary_declaration_deduction',
    ])
      filled[key] = now[key];
    expect(filled).toEqual(now);
  });

  it('--into finds the previous version itself, and names the effective_to that closes it', async () => {
    const masters = join(dir, 'pension-masters');
    mkdirSync(join(masters, 'employees_pension'), { recursive: true });
    // the 2020-09 version as the newest one (open-ended), as it stands before a new grade table is imported
    const prevText = readFileSync(join(PROJECT, 'masters/employees_pension/2020-09.yaml'), 'utf8').replace(
      'effective_to: "2027-08-31"',
      'effective_to: null',
    );
    writeFileSync(join(masters, 'employees_pension/2020-09.yaml'), prevText);
    const r = await importCli(
      'pension-grades',
      join(PUBLISHED, 'social_insurance/standard_monthly_remuneration_grades.csv'),
      '--select',
      '2027-09',
      '--into',
      masters,
    );
    expect(r.code).toBe(0);
    const doc = read(join(masters, 'employees_pension/2027-09.yaml'));
    const prev = live('employees_pension/2020-09.yaml');
    expect(doc).toMatchObject({ version: '2027-09', effective_from: '2027-09-01', effective_to: null });
    for (const key of [
      'range_convention',
      'employees_pension_insurance_employee_rate',
      'standard_bonus_unit',
      'employees_pension_standard_bonus_monthly_cap',
    ])
      expect(doc[key]).toEqual(prev[key]);
    expect(r.stderr).toContain(
      'carried from employees_pension/2020-09.yaml (confirm each against the new publication): range_convention, employees_pension_insurance_employee_rate, standard_bonus_unit, employees_pension_standard_bonus_monthly_cap\n',
    );
    expect(r.stderr).toContain('  close the previous version: effective_to: "2027-08-31" in employees_pension/2020-09.yaml\n');
  });

  it('--set wins over the previous version; --no-previous carries nothing', async () => {
    const masters = join(dir, 'pension-masters-2');
    cpSync(join(PROJECT, 'masters/employees_pension/2020-09.yaml'), join(masters, 'employees_pension/2020-09.yaml'), { recursive: true });
    const grades = join(PUBLISHED, 'social_insurance/standard_monthly_remuneration_grades.csv');
    const set = await importCli(
      'pension-grades',
      grades,
      '--select',
      '2027-09',
      '--set',
      'employees_pension_insurance_employee_rate=0.0916',
      '--into',
      masters,
    );
    expect(set.code).toBe(0);
    expect(read(join(masters, 'employees_pension/2027-09.yaml')).employees_pension_insurance_employee_rate).toBe('0.0916');
    expect(set.stderr).not.toMatch(/carried from .*employees_pension_insurance_employee_rate/);
    const bare = await importCli('pension-grades', grades, '--select', '2028-09', '--into', masters, '--no-previous');
    expect(bare.stderr).not.toContain('carried from');
    expect(read(join(masters, 'employees_pension/2028-09.yaml')).range_convention).toMatch(/^TO_FILL: how the grades are read/);
  });

  it('an import filled from the publication passes masters:check with the rest of the set', async () => {
    // a copy of the masters as they stood before the 2026 bonus table: 2020-01 the newest version
    const masters = join(dir, 'check-masters');
    cpSync(join(PROJECT, 'masters'), masters, { recursive: true });
    const target = join(masters, 'income_tax/bonus/2026-01.yaml');
    rmSync(target);
    rmSync(join(masters, 'income_tax/bonus/2027-01.yaml'));
    const r = await importCli('withholding-bonus', join(PUBLISHED, 'income_tax/bonus_2026.csv'), '--into', masters);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      'carried from income_tax/bonus/2020-01.yaml (confirm each against the new publication): range_convention, monthly_table_method\n',
    );
    expect(checkMasters(masters).length).toBeGreaterThan(0); // the provenance is still to fill
    // fill the provenance as the specialist types it in from the publication (here: from the live file)
    const liveText = readFileSync(join(PROJECT, 'masters/income_tax/bonus/2026-01.yaml'), 'utf8');
    const text = readFileSync(target, 'utf8');
    writeFileSync(
      target,
      text.slice(0, text.indexOf('provider:')).replace(/^known_through: .*$/m, 'known_through: "2026-12-31"') +
        liveText.slice(liveText.indexOf('provider:'), liveText.indexOf('# How the bands')) +
        text.slice(text.indexOf('# How the bands')),
    );
    expect(checkMasters(masters)).toEqual([]);
    expect(read(target)).toEqual({ ...live('income_tax/bonus/2026-01.yaml'), effective_to: null });
  });
});
