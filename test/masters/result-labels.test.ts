/**
 * masters/result_labels/ is checked at load like every master: an unknown key, an undeclared group, a field
 * labelled twice or a second labels file is a problem naming the file, the path and the line, and the
 * engine refuses to start on it.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMasters, loadMasters, readMasters } from '../../engine/loading/masters/load.ts';
import { LoadError } from '../../engine/errors.ts';
import { MASTERS_DIR } from './helpers.ts';
import { mutatedTree, replaceOnce } from './mutate.ts';

const FILE = 'result_labels/payslip.yaml';
const tree = (edit: (text: string) => string, rename: Record<string, string> = {}) => mutatedTree([FILE], edit, rename);

describe('result labels at load', () => {
  it('the repository labels load, grouped and in their order', () => {
    const labels = readMasters(MASTERS_DIR).resultLabels!;
    expect(labels.publisher).toBe('this service');
    expect(labels.file).toBe(FILE);
    expect(labels.groups.map((g) => g.id)).toEqual(['payments', 'deductions', 'attendance', 'totals', 'employer', 'withholding_slip']);
    expect(Object.keys(labels.results)).toEqual(['monthly_payroll', 'bonus', 'year_end_adjustment']);
    expect(labels.results.monthly_payroll!['statutory_deductions.health_insurance']).toEqual({
      group: 'deductions',
      label_ja: '健康保険料',
      label_en: 'Health insurance',
    });
    expect(loadMasters(MASTERS_DIR).resultLabels).toEqual(labels);
  });

  it('refuses an unknown key with its file, path and line', () => {
    const dir = tree((t) =>
      replaceOnce(
        t,
        'gross_payment: {group: payments, label_ja: 総支給額,',
        'gross_payment: {group: payments, label_jp: 総支給額, label_ja: 総支給額,',
      ),
    );
    expect(checkMasters(dir)).toEqual([
      {
        file: FILE,
        path: '/results/monthly_payroll/gross_payment/label_jp',
        message: expect.stringMatching(/^unknown key "label_jp" \(line 26\)$/),
      },
    ]);
    expect(() => loadMasters(dir)).toThrow(LoadError);
  });

  it('refuses a missing English label', () => {
    const dir = tree((t) => replaceOnce(t, ', label_en: Gross pay}', '}'));
    expect(checkMasters(dir)).toEqual([
      {
        file: FILE,
        path: '/results/monthly_payroll/gross_payment/label_en',
        message: expect.stringMatching(/^missing required key "label_en" \(line 26\)$/),
      },
    ]);
  });

  it('refuses a group that groups does not declare', () => {
    const dir = tree((t) => replaceOnce(t, 'gross_payment: {group: payments,', 'gross_payment: {group: pay,'));
    expect(checkMasters(dir)).toEqual([
      { file: FILE, path: '/results/monthly_payroll/gross_payment/group', message: 'group "pay" is not one of groups (line 26)' },
    ]);
    expect(() => loadMasters(dir)).toThrow(/group "pay" is not one of groups/);
  });

  it('refuses a field labelled twice in one calculation type', () => {
    const dir = tree((t) =>
      replaceOnce(
        t,
        '    taxable_payment: {group: payments, label_ja: 課税支給額,',
        '    gross_payment: {group: payments, label_ja: 課税支給額,',
      ),
    );
    expect(checkMasters(dir)).toEqual([
      {
        file: FILE,
        path: '/results/monthly_payroll/gross_payment',
        message: expect.stringMatching(/^duplicate key \(line 27, column \d+\)$/),
      },
    ]);
  });

  it('refuses a second labels file', () => {
    const dir = tree((t) => t);
    cpSync(join(dir, FILE), join(dir, 'result_labels/again.yaml'));
    expect(checkMasters(dir)).toEqual([
      { file: FILE, path: '/kind', message: expect.stringMatching(/^result labels also declared in result_labels\/again\.yaml/) },
    ]);
  });
});
