/**
 * The response examples of openapi.json and docs/api.md are the engine's real output: each documented
 * request, calculated by the loaded engine on the documented profile (profilePutExample), gives exactly
 * the documented amounts. So the amounts in engine/contract/examples.ts are results, never figures
 * worked by hand, and a change of rules or masters that moves them fails here.
 */
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { applyProfilePut } from '../../engine/profile/apply-put.ts';
import * as ex from '../../engine/contract/examples.ts';

const engine = loadEngine();
const versions = applyProfilePut([], ex.profilePutExample as never, { company_id: ex.monthlyPayrollRequestExample.company_id, profile_id: 'p-examples' }).versions;

const PAIRS = [
  ['monthly_payroll', ex.monthlyPayrollRequestExample, ex.monthlyPayrollResultExample],
  ['bonus', ex.bonusRequestExample, ex.bonusResultExample],
  ['social_insurance_simulation', ex.socialInsuranceSimulationExample, ex.socialInsuranceSimulationResultExample],
  ['employment_insurance_simulation', ex.employmentInsuranceSimulationExample, ex.employmentInsuranceSimulationResultExample],
  ['income_tax_simulation', ex.incomeTaxSimulationExample, ex.incomeTaxSimulationResultExample],
  ['standard_monthly_remuneration_resolution', ex.standardMonthlyRemunerationExample, ex.standardMonthlyRemunerationResultExample],
] as const;

describe('documented response examples are the engine output of the documented requests', () => {
  it.each(PAIRS)('%s', (type, request, result) => {
    const out = engine.calculate(type as never, structuredClone(request), versions) as { amounts: unknown };
    expect(out.amounts).toEqual(result.amounts);
  });
});
