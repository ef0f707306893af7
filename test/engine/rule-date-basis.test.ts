/**
 * A rule version is chosen by the date its rule declares (date_basis), not always by the payment date.
 * Fixture: a copy of the live rules in which the childcare support rule gets a v2 from 2026-04-01 and both
 * versions declare date_basis: premium_month. April 2026 pay under next-month collection withholds the
 * March premium, so it must still use v1; May pay (April premium) uses v2; under same-month collection
 * April pay already uses v2. The trace step shows the basis and the date that chose the version.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LoadError, loadEngine } from '../../engine/index.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { monthlyPayrollRequestExample } from '../../engine/contract/examples.ts';

const RULES = join(import.meta.dirname, '../../rules');
const FILE = 'social_insurance/social_insurance.monthly.childcare_support_contribution';
const tmp = mkdtempSync(join(tmpdir(), 'rules-date-basis-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The live rules with the childcare rule split at 2026-04-01; `v2Basis` is the basis v2 declares. */
function fixture(name: string, v2Basis: string): string {
  const dir = join(tmp, name);
  cpSync(RULES, dir, { recursive: true });
  const v1 = readFileSync(join(RULES, `${FILE}.v1.yaml`), 'utf8');
  const withBasis = (text: string, basis: string) => text.replace(/^legal_source:/m, `date_basis: ${basis}\nlegal_source:`);
  writeFileSync(join(dir, `${FILE}.v1.yaml`), withBasis(v1.replace('effective_to: null', 'effective_to: "2026-03-31"'), 'premium_month'));
  const v2 = v1
    .replace('childcare_support_contribution.v1', 'childcare_support_contribution.v2')
    .replace('effective_from: "2020-01-01"', 'effective_from: "2026-04-01"');
  writeFileSync(join(dir, `${FILE}.v2.yaml`), withBasis(v2, v2Basis));
  return dir;
}

const profile = (collection: 'next_month' | 'same_month') =>
  applyProfilePut(
    [],
    {
      effective_from: '2025-01-01',
      social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
      employment_insurance_business_type: 'general',
      social_insurance_collection: collection,
      attendance_premium_rates: { overtime: '1.25', late_night_additional: '0.25', legal_holiday: '1.35', non_legal_holiday: '1.25' },
    },
    { company_id: monthlyPayrollRequestExample.company_id, profile_id: 'p-date-basis' },
  ).versions;

describe('rule date_basis: premium_month', () => {
  const engine = loadEngine({ rulesDir: fixture('premium-month', 'premium_month') });
  const step = (payment: string, collection: 'next_month' | 'same_month') => {
    const r = engine
      .calculate(
        'monthly_payroll',
        { ...monthlyPayrollRequestExample, calculation_date: payment, payment_date: payment },
        profile(collection),
      )
      .toResult();
    return r.calculation_trace.find((s) => s.step === 'childcare_support_contribution') as {
      formula_code: string;
      inputs: Record<string, unknown>;
    };
  };

  it('April pay under next_month (March premium month) uses v1, chosen by 2026-03-01', () => {
    const s = step('2026-04-24', 'next_month');
    expect(s.formula_code).toBe('social_insurance.monthly.childcare_support_contribution.v1');
    expect(s.inputs).toMatchObject({ rule_date_basis: 'premium_month', rule_version_date: '2026-03-01' });
  });

  it('May pay under next_month (April premium month) uses v2', () => {
    const s = step('2026-05-25', 'next_month');
    expect(s.formula_code).toBe('social_insurance.monthly.childcare_support_contribution.v2');
    expect(s.inputs).toMatchObject({ rule_date_basis: 'premium_month', rule_version_date: '2026-04-01' });
  });

  it('April pay under same_month (April premium month) uses v2', () => {
    expect(step('2026-04-24', 'same_month').formula_code).toBe('social_insurance.monthly.childcare_support_contribution.v2');
  });

  it('payment-date rules show no basis in their trace (the default)', () => {
    const r = engine
      .calculate(
        'monthly_payroll',
        { ...monthlyPayrollRequestExample, calculation_date: '2026-04-24', payment_date: '2026-04-24' },
        profile('next_month'),
      )
      .toResult();
    const tax = r.calculation_trace.find((s) => s.step === 'income_tax') as { inputs: Record<string, unknown> };
    expect(tax.inputs).not.toHaveProperty('rule_date_basis');
  });
});

describe('rule date_basis: versions must agree', () => {
  it('a v2 chosen by another basis than v1 is a load problem naming the file', () => {
    let err: unknown;
    try {
      loadEngine({ rulesDir: fixture('mixed', 'payment_date') });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LoadError);
    expect((err as LoadError).problems).toContainEqual(
      expect.objectContaining({
        path: '/date_basis',
        message: expect.stringContaining('every version of a rule is chosen by the same date'),
      }),
    );
  });
});

describe('rule date_basis: premium_month versions cover whole months', () => {
  it('a premium_month version starting mid-month (and its predecessor ending mid-month) is refused naming both', () => {
    const dir = fixture('mid-month', 'premium_month');
    const v1 = join(dir, `${FILE}.v1.yaml`);
    const v2 = join(dir, `${FILE}.v2.yaml`);
    writeFileSync(v1, readFileSync(v1, 'utf8').replace('effective_to: "2026-03-31"', 'effective_to: "2026-04-14"'));
    writeFileSync(v2, readFileSync(v2, 'utf8').replace('effective_from: "2026-04-01"', 'effective_from: "2026-04-15"'));
    let err: unknown;
    try {
      loadEngine({ rulesDir: dir });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LoadError);
    const problems = (err as LoadError).problems.filter((p) => p.file.includes('childcare_support_contribution'));
    expect(problems).toEqual([
      expect.objectContaining({
        file: `rules/${FILE}.v1.yaml`,
        path: '/effective_to',
        message: expect.stringMatching(/^2026-04-14 is not the last day of a month; a premium_month rule ends with a whole premium month/),
      }),
      expect.objectContaining({
        file: `rules/${FILE}.v2.yaml`,
        path: '/effective_from',
        message: expect.stringMatching(
          /^2026-04-15 is not the first day of a month; a premium_month rule starts with a whole premium month/,
        ),
      }),
    ]);
  });

  it('the same dates under the default payment_date basis load (a law in force from a given day)', () => {
    const dir = fixture('mid-month-payment-date', 'payment_date');
    const v1 = join(dir, `${FILE}.v1.yaml`);
    const v2 = join(dir, `${FILE}.v2.yaml`);
    writeFileSync(
      v1,
      readFileSync(v1, 'utf8')
        .replace('effective_to: "2026-03-31"', 'effective_to: "2026-04-14"')
        .replace('date_basis: premium_month', 'date_basis: payment_date'),
    );
    writeFileSync(v2, readFileSync(v2, 'utf8').replace('effective_from: "2026-04-01"', 'effective_from: "2026-04-15"'));
    expect(() => loadEngine({ rulesDir: dir })).not.toThrow();
  });
});
