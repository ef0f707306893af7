/**
 * Each master version declares known_through, the last date its published source covers. A calculation
 * that uses a version after that date (the newest version stays in force until a successor is imported)
 * is computed and says so: the warning MASTER_CARRIED_FORWARD and, beside the warnings, each table carried
 * forward with its known_through (docs/adr/0105-law-carried-forward.md).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { calculationJson } from '../../engine/trace/json-writer.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import * as ex from '../../engine/contract/examples.ts';

const MASTERS = join(import.meta.dirname, '../../masters');
const tmp = mkdtempSync(join(tmpdir(), 'carried-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const versions = applyProfilePut([], ex.profilePutExample as never, { company_id: 'acme-tokyo', profile_id: 'p-carried' }).versions;
const WARNING = 'MASTER_CARRIED_FORWARD';

function monthly(month: string, day = '25') {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return {
    ...structuredClone(ex.monthlyPayrollRequestExample),
    calculation_date: `${month}-${day}`,
    payment_date: `${month}-${day}`,
    period: { payroll_month: month, start_date: `${month}-01`, end_date: `${month}-${last}` },
  };
}

describe('MASTER_CARRIED_FORWARD', () => {
  const engine = loadEngine();

  it('a 2035 monthly payroll is computed with the 2027 tax table and the 2029-09 pension table, and names each table carried forward', () => {
    const calc = engine.calculate('monthly_payroll', monthly('2035-06'), versions);
    const result = calc.toResult();
    expect(result.settings_snapshot).toMatchObject({ tax_table_version: '2027-01', employees_pension_rate_version: '2029-09' });
    expect(result.warnings).toContain(WARNING);
    const carried = result.masters_carried_forward!;
    expect(carried).toContainEqual({
      type: 'income_tax_table',
      id: 'nta-withholding-monthly',
      version: '2027-01',
      known_through: '2027-12-31',
    });
    expect(carried).toContainEqual(expect.objectContaining({ id: 'employees-pension', version: '2029-09', known_through: '2029-09-01' }));
    // every table carried forward is one the calculation resolved, each named once
    expect(new Set(carried.map((t) => t.id)).size).toBe(carried.length);
    // the writers answer what toResult() gives
    expect(JSON.parse(calculationJson(calc))).toEqual(result);
  });

  it('a date within every table’s known range has no such warning and no list', () => {
    const result = engine.calculate('monthly_payroll', monthly('2026-06'), versions).toResult();
    expect(result.warnings).not.toContain(WARNING);
    expect(result).not.toHaveProperty('masters_carried_forward');
  });

  it('the amounts are those of the last known version: only the warning is added', () => {
    // 2027-12 (tax table known) and 2028-01 (carried) with the same pension, health and employment versions
    const known = engine.calculate('monthly_payroll', monthly('2027-12'), versions).toResult();
    const carried = engine.calculate('monthly_payroll', monthly('2028-01'), versions).toResult();
    expect(carried.amounts.income_tax_withholding).toEqual(known.amounts.income_tax_withholding);
    expect(carried.masters_carried_forward?.map((t) => t.id)).toContain('nta-withholding-monthly');
    expect(known.masters_carried_forward?.map((t) => t.id) ?? []).not.toContain('nta-withholding-monthly');
  });

  it('a master without known_through is refused at load with its file and path', () => {
    const masters = join(tmp, 'masters');
    cpSync(MASTERS, masters, { recursive: true });
    const file = join(masters, 'income_tax/monthly/2027-01.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^known_through: .*\n/m, ''));
    expect(() => loadEngine({ mastersDir: masters })).toThrow(
      /income_tax\/monthly\/2027-01\.yaml \/(known_through)?: .*known_through.*\(line \d+\)/,
    );
  });

  it('known_through before effective_from is refused at load with its file, line and path', () => {
    const masters = join(tmp, 'masters-early');
    cpSync(MASTERS, masters, { recursive: true });
    const file = join(masters, 'employees_pension/2029-09.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^known_through: .*$/m, 'known_through: "2026-01-23"'));
    expect(() => loadEngine({ mastersDir: masters })).toThrow(
      /employees_pension\/2029-09\.yaml \/known_through: known_through 2026-01-23 is before effective_from 2029-09-01 \(line \d+\)/,
    );
  });
});
