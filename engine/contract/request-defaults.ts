/**
 * The request schemas' `default`s, applied by the engine: each default is written once, in the schema
 * constant (which the API documents and the server validates with), and the pipelines read a request
 * that already carries them, so no pipeline `prepare` restates one. AJV fills them (useDefaults, the
 * same semantics as the server's validation) on a copy, so a caller's object is never changed.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { CalculationType } from '../calculation-type.ts';
import { REQUEST_SCHEMAS } from './request-schemas.ts';

// Only defaults are wanted here, not verdicts (the server and the engine's validate() judge the body):
// formats and the API's own message keyword (errorMessage) are ignored rather than compiled.
const ajv = new Ajv({ useDefaults: true, allErrors: true, strict: false, validateFormats: false });

const fillers = new Map<CalculationType, ValidateFunction>(
  (Object.entries(REQUEST_SCHEMAS) as [CalculationType, object][]).map(([type, schema]) => [type, ajv.compile(schema)]),
);

/** A copy of `request` with every schema default its shape admits (nested objects and array items too). */
export function withRequestDefaults(type: CalculationType, request: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(request);
  fillers.get(type)!(copy);
  return copy;
}
