/**
 * The impact report sees the versions that differ: a new pension grade table from the
 * 2029-09 premium month was reported as "0 changed" on this year's default dates; now the default dates
 * reach it, and dates given by hand that do not are warned about. The version and rate changes behind
 * the results are shown, and a one-prefecture rate change shows as that prefecture.
 */
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDates, firstPayments, reaches, type ChangedVersion } from '../../tools/impact/coverage.ts';
import { PROJECT, removeTemp, tempDir } from './support/data-copies.ts';

const run = promisify(execFile);
const impact = async (...args: string[]) =>
  (
    await run(process.execPath, ['--import', 'tsx', join(PROJECT, 'tools', 'impact.ts'), ...args], {
      cwd: PROJECT,
      maxBuffer: 64 * 1024 * 1024,
    })
  ).stdout;
const SMALL = ['--golden', 'none', '--size', '200', '--seed', '5'];

describe('payment dates and the versions that differ', () => {
  const work = tempDir('impact-coverage');
  // the masters as they stood before the 2029-09 pension table: 2028-09 the newest, open-ended
  const before = join(work, 'before');
  let defaults: string;
  let pinned: string;

  beforeAll(async () => {
    cpSync(join(PROJECT, 'masters'), join(before, 'masters'), { recursive: true });
    rmSync(join(before, 'masters/employees_pension/2029-09.yaml'));
    const file = join(before, 'masters/employees_pension/2028-09.yaml');
    const text = readFileSync(file, 'utf8');
    if (!text.includes('effective_to: "2029-08-31"')) throw new Error('2028-09 pension master: effective_to not where expected');
    writeFileSync(file, text.replace('effective_to: "2029-08-31"', 'effective_to: null'));
    [defaults, pinned] = await Promise.all([
      impact('--base', before, '--head', PROJECT, ...SMALL),
      impact('--base', before, '--head', PROJECT, ...SMALL, '--on', '2026-05-25'),
    ]);
  }, 240_000);
  afterAll(() => removeTemp(work));

  it('by default the dates include the first payments under the added version, and its results change', () => {
    expect(defaults).toMatch(/note: payment dates: 2026-01-25, .*2026-12-25, 2028-09-25, 2028-10-25, 2029-09-25, 2029-10-25\n/);
    expect(defaults).not.toContain('WARNING');
    const changed = Number(/changed: (\d+)/.exec(defaults)![1]);
    expect(changed).toBeGreaterThan(0);
    // every change is under the new table: premium month 2029-09, and the version chosen differently
    expect(defaults).toMatch(new RegExp(`  by premium month:\\n    2029-09 +${changed} of +[\\d,]+ +\\(`));
    expect(defaults).toMatch(
      new RegExp(
        `table versions chosen differently, in changed results:\\n +${changed}  employees_pension_rate_version 2028-09 -> 2029-09\\n`,
      ),
    );
    expect(defaults).toContain('      versions: employees_pension_rate_version 2028-09 -> 2029-09\n');
    expect(defaults).toMatch(/employees_pension_standard_monthly_remuneration +710000 -> 750000/);
  });

  it('dates given with --on that reach no differing version are warned about, first, naming the dates to add', () => {
    expect(pinned.split('\n').slice(0, 2)).toEqual([
      'WARNING: no payment date reaches masters/employees_pension/2028-09.yaml (changed; in force 2028-09-01 to 2029-08-31, by premium_month): results under it are not compared; add --on 2028-09-25,2028-10-25 (or leave --on out)',
      'WARNING: no payment date reaches masters/employees_pension/2029-09.yaml (added; in force 2029-09-01 to open, by premium_month): results under it are not compared; add --on 2029-09-25,2029-10-25 (or leave --on out)',
    ]);
    expect(pinned).toMatch(/changed: 0\n/);
  });
});

describe('a one-prefecture rate change', () => {
  const work = tempDir('impact-rate');
  let out: string;
  beforeAll(async () => {
    cpSync(join(PROJECT, 'masters'), join(work, 'masters'), { recursive: true });
    const file = join(work, 'masters/social_insurance/kyokai_rates/2026-04.yaml');
    const text = readFileSync(file, 'utf8');
    const tokyo = /^ {2}- \{id: kyokai-13, .*health_insurance_employee_rate: "0\.04925"/m;
    if (!tokyo.test(text)) throw new Error('Tokyo 2026-04 record not where expected');
    writeFileSync(
      file,
      text.replace(tokyo, (l) => l.replace('"0.04925"', '"0.0493"')),
    );
    out = await impact('--base', PROJECT, '--head', work, ...SMALL, '--on', '2026-05-25,2026-06-25');
  }, 240_000);
  afterAll(() => removeTemp(work));

  it('shows as that prefecture only, under the premium months of the version, with the rate change inline', () => {
    const changed = Number(/changed: (\d+)/.exec(out)![1]);
    expect(changed).toBeGreaterThan(0);
    expect(out).toMatch(
      new RegExp(
        `  by prefecture:\\n    13 +${changed} of +[\\d,]+ +\\([\\d.]+ %\\)\\n    \\(\\d+ other prefecture group\\(s\\) unchanged\\)`,
      ),
    );
    // only premium months under the (open-ended) 2026-04 version: 2026-04 and 2026-05 by the monthly payrolls,
    // and 2026-06 where the sampled population has a same-month collection or a bonus paid in June
    expect(out).toMatch(
      / {2}by premium month:\n {4}2026-04 +\d+ of .*\n {4}2026-05 +\d+ of .*\n( {4}2026-06 +\d+ of .*\n)?( {4}\(| {2}by prefecture:)/,
    );
    const rates = out.slice(out.indexOf('rates that differ'), out.indexOf('changed results by formula code'));
    expect(rates).toMatch(/\n +\d+ {2}health_insurance\.health_insurance_employee_rate 0\.04925 -> 0\.0493\n/);
    // only Tokyo's health rate differs: every listed change is that one rate, read by its steps
    expect(
      rates
        .trim()
        .split('\n')
        .slice(1)
        .every((l) => /health_insurance_employee_rate 0\.04925 -> 0\.0493$/.test(l)),
    ).toBe(true);
    expect(out).toMatch(/\n {6}rates: [^\n]*health_insurance\.health_insurance_employee_rate 0\.04925 -> 0\.0493/);
    expect(out).not.toContain('table versions chosen differently');
  });
});

describe('which dates reach a version', () => {
  const v = (from: string, to: string | null, basis: ChangedVersion['basis']): ChangedVersion => ({
    file: 'x',
    change: 'added',
    from,
    to,
    basis,
  });

  it('payment-date versions: the payment date in force; premium-month versions: the payment month or the month before', () => {
    expect(reaches(v('2027-01-01', null, 'payment_date'), '2026-12-25')).toBe(false);
    expect(reaches(v('2027-01-01', null, 'payment_date'), '2027-01-25')).toBe(true);
    expect(reaches(v('2027-01-01', '2027-12-31', 'payment_date'), '2028-01-25')).toBe(false);
    expect(reaches(v('2029-09-01', null, 'premium_month'), '2029-09-25')).toBe(true);
    expect(reaches(v('2029-09-01', '2029-09-30', 'premium_month'), '2029-10-25')).toBe(true); // 翌月徴収
    expect(reaches(v('2029-09-01', '2029-09-30', 'premium_month'), '2029-11-25')).toBe(false);
    expect(reaches(v('2029-09-01', null, 'premium_month'), '2029-08-25')).toBe(false);
  });

  it('first payments: the 25th of the first month (the next month too for premium months, or a start after the 25th)', () => {
    expect(firstPayments(v('2027-01-01', null, 'payment_date'))).toEqual(['2027-01-25']);
    expect(firstPayments(v('2027-03-28', null, 'payment_date'))).toEqual(['2027-04-25']);
    expect(firstPayments(v('2029-09-01', null, 'premium_month'))).toEqual(['2029-09-25', '2029-10-25']);
    expect(firstPayments(v('2029-12-01', null, 'premium_month'))).toEqual(['2029-12-25', '2030-01-25']);
    expect(defaultDates(2026, [v('2026-04-01', null, 'premium_month')])).toHaveLength(12);
    expect(defaultDates(2026, [v('2028-01-01', null, 'payment_date')]).at(-1)).toBe('2028-01-25');
  });
});
