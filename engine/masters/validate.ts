/** Schema validation of one parsed master file: the kind picks the schema; AJV errors become LoadProblems. */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { newAjv as newMastersAjv } from '../util/ajv.ts';
import type { LoadProblem } from '../errors.ts';
import type { MasterKind } from './types.ts';
import { SCHEMAS } from './schemas/index.ts';
import { parametersFileSchema, plausibilityBoundsSchema } from '../parameters/schema.ts';

/** Kinds declared by data rather than a table kind: parameters (read by path) and the plausibility bounds of table fields. */
export const DATA_KIND_SCHEMAS = { parameters: parametersFileSchema, plausibility_bounds: plausibilityBoundsSchema } as const;
export type DataKind = keyof typeof DATA_KIND_SCHEMAS;

let compiled: Map<string, ValidateFunction> | undefined;

/** Compiled once per process (at the first load), never per request. */
function validators(): Map<string, ValidateFunction> {
  if (!compiled) {
    const ajv = newMastersAjv();
    compiled = new Map([...Object.entries(SCHEMAS), ...Object.entries(DATA_KIND_SCHEMAS)].map(([kind, schema]) => [kind, ajv.compile(schema)]));
  }
  return compiled;
}

function toProblem(file: string, e: ErrorObject): LoadProblem {
  const p = e.params as Record<string, string>;
  if (e.keyword === 'additionalProperties') return { file, path: `${e.instancePath}/${p.additionalProperty}`, message: `unknown key "${p.additionalProperty}"` };
  if (e.keyword === 'required') return { file, path: `${e.instancePath}/${p.missingProperty}`, message: `missing required key "${p.missingProperty}"` };
  const allowed = e.keyword === 'enum' || e.keyword === 'const' ? `: ${JSON.stringify((e.params as { allowedValues?: unknown; allowedValue?: unknown }).allowedValues ?? (e.params as { allowedValue?: unknown }).allowedValue)}` : '';
  return { file, path: e.instancePath || '/', message: `${e.message ?? e.keyword}${allowed}` };
}

export function validateMasterFile(file: string, value: unknown): { kind?: MasterKind | DataKind; problems: LoadProblem[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { problems: [{ file, path: '/', message: 'a master file must be a YAML mapping' }] };
  const kind = (value as { kind?: unknown }).kind;
  const validate = typeof kind === 'string' ? validators().get(kind) : undefined;
  if (!validate) return { problems: [{ file, path: '/kind', message: `unknown master kind ${JSON.stringify(kind)}; expected one of ${[...validators().keys()].join(', ')}` }] };
  if (validate(value)) return { kind: kind as MasterKind | DataKind, problems: [] };
  return { kind: kind as MasterKind | DataKind, problems: (validate.errors ?? []).map((e) => toProblem(file, e)) };
}
