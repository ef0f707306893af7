/**
 * The documented result examples: the engine's real output for the documented requests
 * (engine/contract/examples.ts) on the documented profile, computed from the loaded rule set when the
 * OpenAPI document is built (never at import, never typed by hand). What differs on every call or with
 * every data edit is shown by its shape: a fixed calculation id and time, and placeholder hashes.
 */
import { applyProfilePut, CALCULATION_TYPES, type CalculationType, type Engine } from '../../../../engine/index.ts';
import { RULES_MASTERS_HASH_EXAMPLE, residentTaxScheduleExample, residentTaxSeparationExample } from '../../../../engine/contract/index.ts';
import * as ex from '../../../../engine/contract/examples.ts';

/** The shape of a rule file hash, not any file's: the real one changes with every edit of the file. */
export const FILE_HASH_EXAMPLE = '9a1e6f0b3c5d7e2f4a6b8c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f';
const CALCULATION_ID_EXAMPLE = 'calc_0f8e5b7a-3c2d-4e1f-9a8b-7c6d5e4f3a2b';

type Json = Record<string, unknown>;

export const REQUEST_EXAMPLES: Record<CalculationType, Json> = {
  monthly_payroll: ex.monthlyPayrollRequestExample,
  bonus: ex.bonusRequestExample,
  social_insurance_simulation: ex.socialInsuranceSimulationExample,
  employment_insurance_simulation: ex.employmentInsuranceSimulationExample,
  income_tax_simulation: ex.incomeTaxSimulationExample,
  standard_monthly_remuneration_resolution: ex.standardMonthlyRemunerationExample,
  year_end_adjustment: ex.yearEndAdjustmentExample,
  standard_monthly_remuneration_determination: ex.standardMonthlyRemunerationDeterminationExample,
  leave_premium_exemption: ex.leavePremiumExemptionExample,
  resident_tax_special_collection_schedule: residentTaxScheduleExample,
  resident_tax_separation: residentTaxSeparationExample,
  retirement_allowance: ex.retirementAllowanceExample,
};

/**
 * The trace step example: the employment insurance simulation's own step, computed for the documented
 * request moved into a closed period (the 2025-04 rates, in force until 2026-03-31), so that its master
 * ref's dates do not change when a new version is added. The result examples show no trace.
 */
const TRACED: CalculationType = 'employment_insurance_simulation';
const TRACED_DATES = { calculation_date: '2025-05-20', payment_date: '2025-05-25' };

export interface CalculationExamples {
  /** per type, the example result; absent when the loaded rule set cannot compute the documented request */
  results: Partial<Record<CalculationType, Json>>;
  /** the employment insurance simulation's own step (TRACED_DATES), or undefined */
  traceStep: Json | undefined;
}

function withPlaceholderHash(step: Json): Json {
  const rule = step.rule as Json | undefined;
  return rule ? { ...step, rule: { ...rule, sha256: FILE_HASH_EXAMPLE } } : step;
}

const profileVersions = () =>
  applyProfilePut([], ex.profilePutExample as never, { company_id: ex.monthlyPayrollRequestExample.company_id, profile_id: 'prof_example' })
    .versions;

function exampleOf(engine: Pick<Engine, 'calculate'>, type: CalculationType): Json {
  const request: Json = { ...structuredClone(REQUEST_EXAMPLES[type]), calculation_options: { include_calculation_trace: false } };
  const result = engine.calculate(type, request, profileVersions()).toResult() as unknown as Json;
  return {
    ...result,
    calculation_id: CALCULATION_ID_EXAMPLE,
    calculated_at: `${String(request.calculation_date)}T01:23:45.678Z`,
    settings_snapshot: { ...(result.settings_snapshot as Json), rules_masters_hash: RULES_MASTERS_HASH_EXAMPLE },
  };
}

function traceStepOf(engine: Pick<Engine, 'calculate'>): Json | undefined {
  const request: Json = {
    ...structuredClone(REQUEST_EXAMPLES[TRACED]),
    ...TRACED_DATES,
    calculation_options: { include_calculation_trace: true },
  };
  const trace = (engine.calculate(TRACED, request, profileVersions()).toResult() as unknown as { calculation_trace: Json[] })
    .calculation_trace;
  return trace.length ? withPlaceholderHash(trace[trace.length - 1]!) : undefined;
}

const built = new WeakMap<object, CalculationExamples>();

/** Computed once per loaded rule set (keyed by its outputs object, as the document is). */
export function calculationExamples(engine: Pick<Engine, 'calculate' | 'outputs'>): CalculationExamples {
  const key = engine.outputs();
  let found = built.get(key);
  if (!found) {
    const results: CalculationExamples['results'] = {};
    for (const type of CALCULATION_TYPES) {
      try {
        results[type] = exampleOf(engine, type);
      } catch {
        // a rule set that cannot compute the documented request (e.g. a test's partial set) still gets a
        // document: its result schemas then carry examples made from the declared types
      }
    }
    let traceStep: Json | undefined;
    try {
      traceStep = traceStepOf(engine);
    } catch {
      // as above: the trace step schema keeps its own example
    }
    found = { results, traceStep };
    built.set(key, found);
  }
  return found;
}
