/**
 * x-label-ja and x-label-en on the amounts properties of the result schemas in openapi.json, from the
 * label data the engine loaded (masters/result_labels/): one source for the listing and the document.
 * Only the published copies are annotated; the schemas AJV validates with stay free of them.
 */
import type { ResultLabels } from '../../../engine/index.ts';
import { CALCULATION_ENDPOINTS } from '../routes/calculation-endpoints.ts';

type Schema = { properties?: Record<string, Schema> } & Record<string, unknown>;

export function applyResultLabels(schemas: Record<string, Schema>, labels: ResultLabels | null): void {
  for (const endpoint of CALCULATION_ENDPOINTS) {
    const amounts = schemas[endpoint.resultSchemaName]?.properties?.amounts;
    for (const [field, { label_ja, label_en }] of Object.entries(labels?.results[endpoint.type] ?? {})) {
      const property = field.split('.').reduce<Schema | undefined>((s, name) => s?.properties?.[name], amounts);
      if (property) Object.assign(property, { 'x-label-ja': label_ja, 'x-label-en': label_en });
    }
  }
}
