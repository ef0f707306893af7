/**
 * Each master version declares known_through, the last date its published source covers, and so does each
 * parameter for its newest value. A calculation that uses a version or value after that date (the newest
 * stays in force until a successor is imported) is computed and says so: the warning MASTER_CARRIED_FORWARD
 * and, beside the warnings, each table and parameter carried forward with its known_through
 * (docs/adr/0105-law-carried-forward.md).
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

  it('a date within every table’s known range names no table', () => {
    const result = engine.calculate('monthly_payroll', monthly('2026-06'), versions).toResult();
    expect((result.masters_carried_forward ?? []).filter((t) => t.type !== 'parameter')).toEqual([]);
  });

  it('a calculation with nothing carried forward has no such warning and no list', () => {
    // an income tax simulation of 2026-06 reads no parameter, and its tables are known through 2026-12-31
    const result = engine
      .calculate('income_tax_simulation', { ...structuredClone(ex.incomeTaxSimulationExample), payment_date: '2026-06-25' }, versions)
      .toResult();
    expect(result.warnings).not.toContain(WARNING);
    expect(result).not.toHaveProperty('masters_carried_forward');
  });

  it('a parameter read after its known_through is named with the date of the value used; before it, not', () => {
    const levy = { type: 'parameter', id: 'child_rearing_levy.rate', version: '2025-04-01', known_through: '2027-03-31' };
    const rate = {
      type: 'parameter',
      id: 'employment_insurance.employer_rate_general',
      version: '2026-04-01',
      known_through: '2027-03-31',
    };
    // 2027-03: payment date and premium month (2027-02) within both; 2027-06: after both
    const known = engine.calculate('monthly_payroll', monthly('2027-03'), versions).toResult();
    const late = engine.calculate('monthly_payroll', monthly('2027-06'), versions).toResult();
    expect(known.masters_carried_forward ?? []).not.toContainEqual(levy);
    expect(known.masters_carried_forward ?? []).not.toContainEqual(rate);
    expect(late.warnings).toContain(WARNING);
    expect(late.masters_carried_forward).toContainEqual(levy);
    expect(late.masters_carried_forward).toContainEqual(rate);
    // the tables resolved first, then the parameters in the order read, each named once
    const carried = late.masters_carried_forward!;
    expect(carried.findIndex((t) => t.type === 'parameter')).toBe(carried.filter((t) => t.type !== 'parameter').length);
    expect(new Set(carried.map((t) => t.id)).size).toBe(carried.length);
    expect(late.amounts.social_insurance).toEqual(known.amounts.social_insurance);
  });

  it('a year-end adjustment of the last tax year loaded carries no parameter forward', () => {
    const request = structuredClone(ex.yearEndAdjustmentExample);
    const result = engine
      .calculate('year_end_adjustment', { ...request, tax_year: 2027, calculation_date: '2027-12-10' }, versions)
      .toResult();
    expect((result.masters_carried_forward ?? []).map((t) => t.id).filter((id) => id.startsWith('year_end_adjustment.'))).toEqual([]);
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

  it('a parameter without known_through is refused at load with its file, line and path', () => {
    const masters = join(tmp, 'masters-parameter');
    cpSync(MASTERS, masters, { recursive: true });
    const file = join(masters, 'parameters/child_rearing_levy.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^ {4}known_through: .*\n/m, ''));
    expect(() => loadEngine({ mastersDir: masters })).toThrow(
      /parameters\/child_rearing_levy\.yaml \/parameters\/rate\/known_through: missing required key "known_through" \(line \d+\)/,
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
