/**
 * The result schema of each calculation, generated from the loaded rule set: the spec's fixed envelope
 * (server/app/schemas/results.ts) around the `amounts` its pipeline declares, with the engine's own output
 * for the documented request as the example (server/app/openapi/examples/calculations.ts). Built once per
 * engine (the rule set in service), so a reload with a new output documents it, and the same objects
 * serve the OpenAPI document and the tests that hold responses to it.
 */
import { CALCULATION_TYPES, type CalculationType, type Engine } from '../../../engine/index.ts';
import { settingsSnapshotSchema } from '../../../engine/contract/index.ts';
import { resultSchema } from '../schemas/results.ts';
import { amountsSchema } from './amounts-schema.ts';
import { calculationExamples, REQUEST_EXAMPLES } from './examples/calculations.ts';

type Json = Record<string, unknown>;

const built = new WeakMap<object, Record<CalculationType, object>>();

/** A result example for a rule set that cannot compute the documented request: the declared types' examples. */
function fallbackExample(type: CalculationType, amounts: object): Json {
  const request = REQUEST_EXAMPLES[type];
  const employee = (request.employee_snapshot as { employee_ref?: string } | undefined)?.employee_ref;
  return {
    calculation_id: 'calc_0f8e5b7a-3c2d-4e1f-9a8b-7c6d5e4f3a2b',
    calculation_type: type,
    company_id: request.company_id,
    ...(employee ? { employee_ref: employee } : {}),
    calculated_at: `${String(request.calculation_date)}T01:23:45.678Z`,
    settings_snapshot: settingsSnapshotSchema.examples[0],
    amounts: (amounts as { examples: unknown[] }).examples[0],
    calculation_trace: [],
    warnings: [],
  };
}

export function resultSchemas(engine: Pick<Engine, 'outputs' | 'calculate'>): Record<CalculationType, object> {
  const outputs = engine.outputs();
  let schemas = built.get(outputs);
  if (!schemas) {
    const examples = calculationExamples(engine).results;
    schemas = Object.fromEntries(
      CALCULATION_TYPES.map((type) => {
        const example = examples[type];
        const amounts = amountsSchema(type, outputs[type], example?.amounts as Json | undefined);
        return [type, resultSchema(type, amounts, example ?? fallbackExample(type, amounts))];
      }),
    ) as Record<CalculationType, object>;
    built.set(outputs, schemas);
  }
  return schemas;
}
