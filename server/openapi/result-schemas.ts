/**
 * The result schema of each calculation, generated from the loaded rule set: the spec's fixed envelope
 * (server/schemas/results.ts) around the `amounts` its pipeline declares. Built once per engine (the
 * rule set in service), so a reload with a new output documents it, and the same objects serve the
 * OpenAPI document and the tests that hold responses to it.
 */
import { CALCULATION_TYPES, type CalculationType, type Engine } from '../../engine/index.ts';
import * as ex from '../../engine/contract/examples.ts';
import { resultSchema } from '../schemas/results.ts';
import { amountsSchema } from './amounts-schema.ts';

const EXAMPLE_RESULTS: Record<CalculationType, { amounts: Record<string, unknown> }> = {
  monthly_payroll: ex.monthlyPayrollResultExample,
  bonus: ex.bonusResultExample,
  social_insurance_simulation: ex.socialInsuranceSimulationResultExample,
  employment_insurance_simulation: ex.employmentInsuranceSimulationResultExample,
  income_tax_simulation: ex.incomeTaxSimulationResultExample,
  standard_monthly_remuneration_resolution: ex.standardMonthlyRemunerationResultExample,
};

const built = new WeakMap<object, Record<CalculationType, object>>();

export function resultSchemas(engine: Pick<Engine, 'outputs'>): Record<CalculationType, object> {
  const outputs = engine.outputs();
  let schemas = built.get(outputs);
  if (!schemas) {
    schemas = Object.fromEntries(
      CALCULATION_TYPES.map((type) => {
        const example = EXAMPLE_RESULTS[type];
        return [type, resultSchema(type, amountsSchema(type, outputs[type], example.amounts), example)];
      }),
    ) as Record<CalculationType, object>;
    built.set(outputs, schemas);
  }
  return schemas;
}
