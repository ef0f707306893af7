/** Each broken fixture tree fails, in checkMasters and in the CLI, naming the file and the path. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMasters, loadMasters } from '../../engine/loading/masters/load.ts';
import { LoadError } from '../../engine/errors.ts';
import { FIXTURES, MASTERS_DIR, ROOT } from './helpers.ts';

const CASES = [
  {
    name: 'unknown-key',
    file: 'employment_insurance/2026-04.yaml',
    path: '/records/1/employe_rate',
    message: /unknown key "employe_rate" \(line 19\)/,
  },
  {
    name: 'overlapping-versions',
    file: 'employment_insurance/2026-04.yaml',
    path: '/effective_from',
    message: /overlaps employment_insurance\/2025-04\.yaml/,
  },
  { name: 'row-gap', file: 'income_tax/monthly/2026-01.yaml', path: '/rows/2/0', message: /previous row ends at 109000 \(gap\)/ },
  {
    name: 'rate-as-percent',
    file: 'employees_pension/2020-09.yaml',
    path: '/employees_pension_insurance_employee_rate',
    message: /rate 18\.3 is not within 0\.\.1/,
  },
  {
    name: 'rate-as-number',
    file: 'employees_pension/2020-09.yaml',
    path: '/employees_pension_insurance_employee_rate',
    message: /must be string/,
  },
  {
    name: 'rate-total-not-half',
    file: 'employees_pension/2020-09.yaml',
    path: '/employees_pension_insurance_employee_rate',
    message: /0\.183 is outside the plausible employee share 0\.05\.\.0\.1 .*total rate instead of the employee half.* \(line 19\)/,
  },
  {
    name: 'rate-ten-times',
    file: 'employment_insurance/2026-04.yaml',
    path: '/records/1/employee_rate',
    message: /employee_rate 0\.06 is outside the plausible employee share 0\.001\.\.0\.01 .* \(line 19\)/,
  },
  {
    name: 'premium-month-mid-month',
    file: 'employees_pension/2020-09.yaml',
    path: '/effective_from',
    message: /2020-09-15 is not the first day of a month; a premium_month table starts with a whole premium month \(line 5\)/,
  },
  {
    name: 'duplicate-key',
    file: 'employment_insurance/2026-04.yaml',
    path: '/records/0/employee_rate',
    message: /duplicate key \(line 21, column 5\)/,
  },
];

const dirOf = (name: string) => resolve(FIXTURES, 'masters-broken', name);

function cli(dir: string) {
  const r = spawnSync('npx', ['tsx', 'tools/masters-check.ts', '--dir', dir], { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout };
}

describe.each(CASES)('broken masters: $name', ({ name, file, path, message }) => {
  it('checkMasters reports exactly that problem with file and path', () => {
    const problems = checkMasters(dirOf(name));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file, path });
    expect(problems[0].message).toMatch(message);
  });

  it('loadMasters throws a LoadError listing it', () => {
    let err: unknown;
    try {
      loadMasters(dirOf(name));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LoadError);
    expect((err as LoadError).problems[0]).toMatchObject({ file, path });
    expect((err as LoadError).message).toContain(`${file} ${path}:`);
  });

  it('the CLI prints "FILE PATH: message" and exits 1', () => {
    const r = cli(dirOf(name));
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`${file} ${path}: `);
    expect(r.stdout).toMatch(/1 problem\(s\)/);
  });
});

describe('masters:check CLI on the real masters', () => {
  it('exits 0 with a one-line summary', () => {
    const r = cli(MASTERS_DIR);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toMatch(/^masters:check: OK, \d+ files, \d+ records, \d+ kinds/);
  });

  it('uses <project>/masters by default', () => {
    const r = spawnSync('npx', ['tsx', resolve(ROOT, 'tools/masters-check.ts')], { cwd: resolve(ROOT, 'test'), encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(MASTERS_DIR);
  });
});
