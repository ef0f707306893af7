/**
 * The limit on tax_dependent_count as the engine itself applies it (engine/calculating/validation/dependent-count-limit.ts):
 * above the printed 0-7 columns only under the profile's opt-in, whoever calls the engine (a caller that
 * skipped the API's validation included), and the validation's widening for an opted-in company.
 */
import { describe, expect, it } from 'vitest';
import { EngineError, loadEngine, type ProfileVersion } from '../../engine/index.ts';
import { incomeTaxSimulationExample } from '../../engine/contract/examples.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import type { ProfilePutBody } from '../../engine/loading/profile/types.ts';
import { dependentCountDetail, widenForProfile } from '../../engine/calculating/validation/dependent-count-limit.ts';

const engine = loadEngine();
const limits = engine.inputLimits();
const base: ProfilePutBody = {
  effective_from: '2025-01-01',
  social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
  employment_insurance_business_type: 'general',
};
const ids = { company_id: 'c', profile_id: 'p' };
const plain: ProfileVersion[] = applyProfilePut([], base, ids).versions;
const optedIn: ProfileVersion[] = applyProfilePut(
  [],
  { ...base, income_tax: { dependents_beyond_seven: 'statutory_reduction' } },
  ids,
).versions;

const request = (count: number, table: 'kou' | 'otsu' = 'kou') => ({
  ...structuredClone(incomeTaxSimulationExample),
  taxable_payment: 690000,
  social_insurance_deduction_amount: 90000,
  tax_table_type: table,
  tax_dependent_count: count,
  calculation_options: { include_calculation_trace: true },
});

function refusal(fn: () => unknown): EngineError {
  try {
    fn();
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error('expected an EngineError');
}

describe('dependents beyond seven in the engine', () => {
  it('without the opt-in the engine refuses 8 with the validation detail, even when asked to skip validation', () => {
    for (const validated of [false, true]) {
      const e = refusal(() => engine.calculate('income_tax_simulation', request(8), plain, { validated }).toResult());
      expect(e.code).toBe('validation_error');
      expect(e.details).toEqual([{ path: ['tax_dependent_count'], code: 'out_of_range', message: 'must be <= 7.' }]);
    }
  });

  it('without the opt-in 7 computes as printed and the opt-in changes nothing for 0-7', () => {
    const a = engine.calculate('income_tax_simulation', request(7), plain).toResult();
    const b = engine.calculate('income_tax_simulation', request(7), optedIn).toResult();
    expect(a.amounts).toEqual(b.amounts);
    expect(a.amounts.income_tax).toBe(9950); // 2026 row [599,000, 602,000) kou_7
    expect(a.settings_snapshot).not.toHaveProperty('income_tax_dependents_beyond_seven');
    expect(b.settings_snapshot.income_tax_dependents_beyond_seven).toBe('statutory_reduction');
  });

  it("with the opt-in 8 is the 7 amount less the table's per_extra_dependent_deduction", () => {
    const r = engine.calculate('income_tax_simulation', request(8), optedIn).toResult();
    expect(r.amounts.income_tax).toBe(9950 - 1610);
    const step = r.calculation_trace.find((s) => s.step === 'income_tax') as { inputs: Record<string, unknown> };
    expect(step.inputs.dependents_rule).toBe('dependents_beyond_seven');
    expect(step.inputs.extra_dependent_deduction).toBe(1610);
  });

  it("the opt-in maximum is the tables' tax_dependent_count_max", () => {
    expect(dependentCountDetail(limits, 'income_tax_simulation', request(99), optedIn[0])).toBeNull();
    expect(dependentCountDetail(limits, 'income_tax_simulation', request(100), optedIn[0])).toEqual({
      path: ['tax_dependent_count'],
      code: 'out_of_range',
      message: 'must be <= 99.',
    });
    expect(dependentCountDetail(limits, 'social_insurance_simulation', request(100), undefined)).toBeNull();
  });

  it("widenForProfile drops the schema's detail only for an opted-in profile in force on a valid payment_date", () => {
    const detail = { path: ['tax_dependent_count'], code: 'out_of_range', message: 'must be <= 7.' };
    const other = { path: ['unexpected'], code: 'unknown_field', message: 'unexpected is not a field of this object.' };
    expect(widenForProfile(limits, 'income_tax_simulation', request(8), [other, detail], optedIn)).toEqual([other]);
    expect(widenForProfile(limits, 'income_tax_simulation', request(8), [other, detail], plain)).toEqual([other, detail]);
    expect(widenForProfile(limits, 'income_tax_simulation', request(8), [detail], undefined)).toEqual([detail]);
    expect(widenForProfile(limits, 'income_tax_simulation', { ...request(8), payment_date: 'not a date' }, [detail], optedIn)).toEqual([
      detail,
    ]);
    expect(widenForProfile(limits, 'income_tax_simulation', { ...request(8), payment_date: '2024-12-31' }, [detail], optedIn)).toEqual([
      detail,
    ]);
    // a count below 0 is the schema's minimum: no profile widens it
    const negative = { ...detail, message: 'must be >= 0.' };
    expect(widenForProfile(limits, 'income_tax_simulation', request(-1), [negative], optedIn)).toEqual([negative]);
  });

  it('a profile stored without the opt-ins keeps its version string (the setting is never defaulted in)', () => {
    expect(plain[0]).not.toHaveProperty('income_tax');
    expect(optedIn[0].version).not.toBe(plain[0].version);
    expect(applyProfilePut(plain, base, ids).created).toBe(false);
  });
});
