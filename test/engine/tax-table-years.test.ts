/**
 * settings_snapshot names the bonus and computer-method withholding table versions, and a calculation that
 * combines income tax tables of different years (here: a copy of the masters where the 2027 bonus rate table
 * is not there yet, so the 2026 one stays in force beside the 2027 monthly table) says so in `warnings`.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import * as ex from '../../engine/contract/examples.ts';

const MASTERS = join(import.meta.dirname, '../../masters');
const tmp = mkdtempSync(join(tmpdir(), 'tax-years-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const versions = applyProfilePut([], ex.profilePutExample as never, { company_id: 'acme-tokyo', profile_id: 'p-years' }).versions;
const on = (date: string) => ({ calculation_date: date, payment_date: date });
const WARNING = 'INCOME_TAX_TABLES_OF_DIFFERENT_YEARS';

describe('income tax table versions in settings_snapshot', () => {
  const engine = loadEngine();

  it('a bonus names the monthly, bonus and computer-method table versions it resolved, all of one year: no warning', () => {
    const result = engine.calculate('bonus', structuredClone(ex.bonusRequestExample), versions).toResult();
    expect(result.settings_snapshot).toMatchObject({
      tax_table_version: '2026-01',
      bonus_tax_table_version: '2026-01',
      computer_special_table_version: '2026-01',
    });
    expect(result.warnings).not.toContain(WARNING);
  });

  it('settings_lock may carry the two table versions: a different one is a conflict, the same one passes', () => {
    const first = engine.calculate('bonus', structuredClone(ex.bonusRequestExample), versions).toResult();
    const { rules_masters_hash: _hash, ...lock } = first.settings_snapshot;
    const again = engine.calculate('bonus', { ...structuredClone(ex.bonusRequestExample), settings_lock: lock }, versions).toResult();
    expect(again.amounts).toEqual(first.amounts);
    expect(() =>
      engine
        .calculate(
          'bonus',
          { ...structuredClone(ex.bonusRequestExample), settings_lock: { ...lock, bonus_tax_table_version: '2020-01' } },
          versions,
        )
        .toResult(),
    ).toThrow(
      expect.objectContaining({
        code: 'settings_lock_conflict',
        message: expect.stringContaining('bonus_tax_table_version: locked "2020-01", resolved "2026-01"'),
      }),
    );
  });

  it('a bonus that combines the 2027 monthly table with the 2026 bonus table is computed and warns', () => {
    const masters = join(tmp, 'masters');
    cpSync(MASTERS, masters, { recursive: true });
    rmSync(join(masters, 'income_tax/bonus/2027-01.yaml'));
    const file = join(masters, 'income_tax/bonus/2026-01.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^effective_to: "2026-12-31"$/m, 'effective_to: null'));
    const lagging = loadEngine({ mastersDir: masters });

    const bonus = lagging.calculate('bonus', { ...structuredClone(ex.bonusRequestExample), ...on('2027-06-30') }, versions).toResult();
    expect(bonus.settings_snapshot).toMatchObject({ tax_table_version: '2027-01', bonus_tax_table_version: '2026-01' });
    expect(bonus.warnings).toContain(WARNING);

    // monthly payroll reads one income tax table per step: nothing is combined
    const monthly = lagging
      .calculate(
        'monthly_payroll',
        {
          ...structuredClone(ex.monthlyPayrollRequestExample),
          ...on('2027-06-25'),
          period: { payroll_month: '2027-06', start_date: '2027-06-01', end_date: '2027-06-30' },
        },
        versions,
      )
      .toResult();
    expect(monthly.settings_snapshot).toMatchObject({ tax_table_version: '2027-01', bonus_tax_table_version: '2026-01' });
    expect(monthly.warnings).not.toContain(WARNING);
  });
});
