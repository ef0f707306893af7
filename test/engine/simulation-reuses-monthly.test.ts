/**
 * The social insurance simulation runs the monthly payroll premium rules themselves (untraced steps,
 * `trace: false`) and reports them as the spec's single `social_insurance` step: its premiums equal
 * monthly payroll's for the same employee, month and company, by construction rather than by a copy.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { monthlyPayrollRequestExample, socialInsuranceSimulationExample } from '../../engine/contract/examples.ts';

const engine = loadEngine();
const versions = (scope: 'combined' | 'per_item') =>
  applyProfilePut(
    [],
    {
      effective_from: '2025-01-01',
      social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
      health_premium_rounding_scope: scope,
      employment_insurance_business_type: 'general',
    },
    { company_id: socialInsuranceSimulationExample.company_id, profile_id: 'p-sim-reuse' },
  ).versions;

const PREMIUMS = ['health_insurance', 'care_insurance', 'childcare_support_contribution', 'employees_pension_insurance'] as const;

describe('social insurance simulation = the monthly premium rules', () => {
  const cases = [
    [58000, false, 'combined'],
    [255555, true, 'combined'],
    [500000, true, 'per_item'],
    [1390000, true, 'combined'],
    [710000, false, 'per_item'],
  ] as const;

  it.each(cases)('S = %i, care %s, %s scope: same premiums as monthly payroll', (smr, care, scope) => {
    const date = { calculation_date: '2026-06-25', payment_date: '2026-06-25' };
    const sim = engine
      .calculate(
        'social_insurance_simulation',
        { ...socialInsuranceSimulationExample, ...date, standard_monthly_remuneration: smr, care_insurance_subject: care },
        versions(scope),
      )
      .toResult();
    const monthly = engine
      .calculate(
        'monthly_payroll',
        {
          ...monthlyPayrollRequestExample,
          ...date,
          attendance_input: undefined,
          employee_snapshot: {
            ...monthlyPayrollRequestExample.employee_snapshot,
            standard_monthly_remuneration: smr,
            care_insurance_subject: care,
          },
        },
        versions(scope),
      )
      .toResult();
    const deductions = monthly.amounts.statutory_deductions as Record<string, number>;
    let total = 0;
    for (const p of PREMIUMS) {
      expect(sim.amounts[p]).toBe(deductions[p]);
      total += deductions[p];
    }
    expect(sim.amounts.total).toBe(total);
    expect(sim.amounts.employees_pension_standard_monthly_remuneration_used).toBe(
      monthly.amounts.employees_pension_standard_monthly_remuneration_used,
    );
    // beside MASTER_CARRIED_FORWARD (the parameters both read, docs/adr/0105), the clamp warning alone
    expect(sim.warnings.filter((w) => w !== 'MASTER_CARRIED_FORWARD')).toEqual(
      monthly.warnings.filter((w) => w === 'EMPLOYEES_PENSION_BASIS_CLAMPED'),
    );
  });

  it('records one social_insurance step with the basis, the clamped pension basis and the grade range', () => {
    const sim = engine
      .calculate(
        'social_insurance_simulation',
        { ...socialInsuranceSimulationExample, standard_monthly_remuneration: 58000 },
        versions('combined'),
      )
      .toResult();
    expect(sim.calculation_trace.map((s) => s.step)).toEqual(['settings_resolution', 'social_insurance']);
    expect(sim.calculation_trace[1]).toMatchObject({
      formula_code: 'social_insurance.monthly.employee_contribution.v1',
      inputs: {
        standard_monthly_remuneration: 58000,
        employees_pension_standard_monthly_remuneration_used: 88000,
        grade_min: 88000,
        grade_max: 650000,
      },
    });
    // the untraced clamp step still raised its warning
    expect(sim.warnings.filter((w) => w !== 'MASTER_CARRIED_FORWARD')).toEqual(['EMPLOYEES_PENSION_BASIS_CLAMPED']);
  });

  it('the pipeline runs the monthly rules and the simulation rule computes no premium itself', () => {
    const pipeline = parse(readFileSync(join(import.meta.dirname, '../../rules/pipelines/social_insurance_simulation.yaml'), 'utf8')) as {
      steps: { rule: string; trace?: boolean }[];
    };
    const untraced = pipeline.steps.filter((s) => s.trace === false).map((s) => s.rule);
    expect(untraced).toEqual(expect.arrayContaining(PREMIUMS.map((p) => `social_insurance.monthly.${p}`)));
    const rule = parse(
      readFileSync(
        join(import.meta.dirname, '../../rules/social_insurance/social_insurance.monthly.employee_contribution.v1.yaml'),
        'utf8',
      ),
    ) as { bindings?: unknown };
    expect(rule.bindings).toBeUndefined();
  });
});
