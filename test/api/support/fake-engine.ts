/**
 * A small stand-in Engine for the HTTP mechanics: real cross-field validation, canned results shaped
 * like the documented responses, and a switch to make calculate fail with any error. Statute is tested
 * with the real engine elsewhere; here only what the server does around it matters.
 */
import { randomUUID } from 'node:crypto';
import type { CalculationResult, CalculationType, Engine, ProfileVersion } from '../../../engine/index.ts';
import { EngineError } from '../../../engine/index.ts';
import { findAttendanceConflict, validateCrossFields } from '../../../engine/validation/index.ts';
import * as ex from '../../../engine/contract/examples.ts';
import { loadRules } from '../../../engine/rules/load.ts';
import type { OutputDeclarations } from '../../../engine/index.ts';
import { CALCULATION_TYPES } from '../../../engine/index.ts';
import { PROJECT_ROOT } from '../../../engine/util/project-root.ts';

/** The repository's declared outputs (rules only, no masters), read on first use. */
let repositoryOutputs: Record<CalculationType, OutputDeclarations> | undefined;
function outputsOfRepository(): Record<CalculationType, OutputDeclarations> {
  if (!repositoryOutputs) {
    const { pipelines } = loadRules(`${PROJECT_ROOT}/rules`).rules;
    repositoryOutputs = Object.fromEntries(CALCULATION_TYPES.map((t) => [t, pipelines.get(t)!.outputs])) as Record<CalculationType, OutputDeclarations>;
  }
  return repositoryOutputs;
}

const AMOUNTS: Record<CalculationType, Record<string, unknown>> = {
  monthly_payroll: ex.monthlyPayrollResultExample.amounts,
  bonus: ex.bonusResultExample.amounts,
  social_insurance_simulation: ex.socialInsuranceSimulationResultExample.amounts,
  employment_insurance_simulation: ex.employmentInsuranceSimulationResultExample.amounts,
  income_tax_simulation: ex.incomeTaxSimulationResultExample.amounts,
  standard_monthly_remuneration_resolution: ex.standardMonthlyRemunerationResultExample.amounts,
};

export class FakeEngine implements Engine {
  /** When set, calculate throws it. */
  failWith: Error | undefined;
  calculations = 0;
  lastProfileVersions: ProfileVersion[] = [];

  validate(type: CalculationType, request: Record<string, unknown>) {
    return validateCrossFields(type, request);
  }

  attendanceConflict(type: CalculationType, request: Record<string, unknown>) {
    return type === 'monthly_payroll' ? findAttendanceConflict(request) : null;
  }

  calculate(type: CalculationType, request: Record<string, unknown>, profileVersions: ProfileVersion[]): CalculationResult {
    this.lastProfileVersions = profileVersions;
    if (this.failWith) throw this.failWith;
    const profile = profileVersions.find((v) => v.effective_from <= (request.payment_date as string) && (v.effective_to === null || (request.payment_date as string) <= v.effective_to));
    if (!profile) throw new EngineError('settings_not_resolved', `No company calculation profile in force on ${String(request.payment_date)}.`);
    this.calculations += 1;
    const snapshot = { ...ex.monthlyPayrollResultExample.settings_snapshot, company_profile_version: profile.version };
    if (type !== 'monthly_payroll') {
      delete (snapshot as Partial<typeof snapshot>).overtime_premium_rounding_method;
      delete (snapshot as Partial<typeof snapshot>).overtime_premium_monthly_total_rounding;
    }
    const employee = (request.employee_snapshot as { employee_ref?: string } | undefined)?.employee_ref;
    return {
      calculation_id: `calc_${randomUUID()}`,
      calculation_type: type,
      company_id: request.company_id as string,
      ...(employee ? { employee_ref: employee } : {}),
      calculated_at: new Date().toISOString(),
      settings_snapshot: snapshot,
      amounts: structuredClone(AMOUNTS[type]),
      calculation_trace: [],
      warnings: [],
    };
  }

  outputs() {
    return outputsOfRepository();
  }

  taxTables() {
    return [ex.taxTableRecordExample];
  }

  rateTables() {
    return [ex.socialInsuranceRateRecordExample];
  }

  rules() {
    return [ex.ruleRecordExample];
  }

  provenance() {
    const hash = ex.monthlyPayrollResultExample.settings_snapshot.rules_masters_hash;
    return { rules_masters_hash: hash, rules_hash: hash, masters_hash: hash, rules_dir: 'rules', masters_dir: 'masters', files: new Map<string, string>() };
  }
}
