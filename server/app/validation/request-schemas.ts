/**
 * The request schemas as the engine in service accepts them: copies of the constants with the limits that
 * follow its masters set (tax_dependent_count's default maximum and, in its description, the opt-in's,
 * Engine.inputLimits()). One set of copies per
 * loaded engine, so validators compile once per load and a reload that raises a limit applies at once;
 * the OpenAPI document is built from the same copies.
 */
import type { Engine } from '../../../engine/index.ts';
import { TAX_DEPENDENT_COUNT_SCHEMAS } from '../../../engine/contract/index.ts';
import { CALCULATION_ENDPOINTS } from '../routes/calculation-endpoints.ts';
import { cloneShared } from '../schemas/clone-shared.ts';

type Purpose = 'validation' | 'document';
const copiesByLimits: Record<Purpose, WeakMap<object, Map<object, unknown>>> = { validation: new WeakMap(), document: new WeakMap() };

/**
 * The validator's maximum is the spec's default (the printed columns): the opt-in's limit is applied per
 * company by the validation (widenForProfile). The document's maximum is the bound any request may
 * reach (an opted-in company's), so that a client or gateway validating against openapi.json never
 * refuses a call the service accepts; its description states the default rule.
 */
function copiesFor(engine: Pick<Engine, 'inputLimits'>, purpose: Purpose): Map<object, unknown> {
  const limits = engine.inputLimits();
  let copies = copiesByLimits[purpose].get(limits);
  if (!copies) {
    copies = new Map();
    for (const e of CALCULATION_ENDPOINTS) cloneShared(e.requestSchema, copies);
    for (const node of TAX_DEPENDENT_COUNT_SCHEMAS) {
      const copy = copies.get(node) as Record<string, unknown> | undefined;
      if (!copy) continue;
      copy.maximum = purpose === 'validation' ? limits.tax_dependent_count_printed_max : limits.tax_dependent_count_max;
      copy.description =
        `${String(copy.description)} Default 0-${limits.tax_dependent_count_printed_max} (the printed columns); more is 422 validation_error at this field.` +
        ` Only a company whose calculation profile in force on payment_date sets income_tax.dependents_beyond_seven: statutory_reduction` +
        ` may send up to ${limits.tax_dependent_count_max} (this schema's maximum), computed by the tables' own rule for more dependents.`;
    }
    copiesByLimits[purpose].set(limits, copies);
  }
  return copies;
}

/** The engine's copy of a request schema constant (or of one embedded in it, e.g. the employee snapshot). */
export function requestSchemaFor<T extends object>(engine: Pick<Engine, 'inputLimits'>, schema: T): T {
  return (copiesFor(engine, 'validation').get(schema) as T | undefined) ?? schema;
}

/** The same, as openapi.json publishes it: the bound of every accepted request (copiesFor). */
export function documentedSchemaFor<T extends object>(engine: Pick<Engine, 'inputLimits'>, schema: T): T {
  return (copiesFor(engine, 'document').get(schema) as T | undefined) ?? schema;
}
