/** Schema validation of one parsed master file: the kind picks the schema; AJV errors become LoadProblems. */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { newAjv as newMastersAjv } from '../util/ajv.ts';
import type { LoadProblem } from '../errors.ts';
import type { MasterKind } from './types.ts';
import { SCHEMAS } from './schemas/index.ts';

let compiled: Map<MasterKind, ValidateFunction> | undefined;

/** Compiled once per process (at the first load), never per request. */
function validators(): Map<MasterKind, ValidateFunction> {
  if (!compiled) {
    const ajv = newMastersAjv();
    compiled = new Map(Object.entries(SCHEMAS).map(([kind, schema]) => [kind as MasterKind, ajv.compile(schema)]));
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

export function validateMasterFile(file: string, value: unknown): { kind?: MasterKind; problems: LoadProblem[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { problems: [{ file, path: '/', message: 'a master file must be a YAML mapping' }] };
  const kind = (value as { kind?: unknown }).kind;
  const validate = validators().get(kind as MasterKind);
  if (!validate) return { problems: [{ file, path: '/kind', message: `unknown master kind ${JSON.stringify(kind)}; expected one of ${[...validators().keys()].join(', ')}` }] };
  if (validate(value)) return { kind: kind as MasterKind, problems: [] };
  return { kind: kind as MasterKind, problems: (validate.errors ?? []).map((e) => toProblem(file, e)) };
}
