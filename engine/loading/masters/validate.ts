/** Schema validation of one parsed master file: the kind picks the schema; AJV errors become LoadProblems. */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { newAjv as newMastersAjv } from '../../util/ajv.ts';
import type { LoadProblem } from '../../errors.ts';
import type { MasterKind } from './types.ts';
import { SCHEMAS } from './schemas/index.ts';
import { parametersFileSchema, plausibilityBoundsSchema } from '../parameters/schema.ts';
import { percentToFraction } from '../parameters/build.ts';
import { resultLabelsSchema } from './schemas/result-labels.ts';

/** Kinds declared by data rather than a table kind: parameters (read by path), the plausibility bounds of table fields, the result labels. */
export const DATA_KIND_SCHEMAS = {
  parameters: parametersFileSchema,
  plausibility_bounds: plausibilityBoundsSchema,
  result_labels: resultLabelsSchema,
} as const;
export type DataKind = keyof typeof DATA_KIND_SCHEMAS;

let compiled: Map<string, ValidateFunction> | undefined;

/** Compiled once per process (at the first load), never per request. */
function validators(): Map<string, ValidateFunction> {
  if (!compiled) {
    const ajv = newMastersAjv();
    compiled = new Map(
      [...Object.entries(SCHEMAS), ...Object.entries(DATA_KIND_SCHEMAS)].map(([kind, schema]) => [kind, ajv.compile(schema)]),
    );
  }
  return compiled;
}

/** The value at a JSON pointer of the document (to say what was written). */
function at(doc: unknown, pointer: string): unknown {
  let v = doc;
  for (const seg of pointer.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}

/** A hint for the two usual ways of writing a rate wrong: as a percentage, or as an unquoted YAML number. */
function rateHint(e: ErrorObject, value: unknown): string {
  if (typeof value === 'string' && /%\s*$/.test(value) && e.keyword === 'pattern')
    return `; "${value}" is a percentage: write the fraction ("${percentToFraction(value)}")`;
  const wantsString = e.keyword === 'type' && String((e.params as { type?: unknown }).type).includes('string');
  if (wantsString && typeof value === 'number') {
    // a number above 1 where a rate belongs is a percentage as well: the fraction is what to write
    const looksPercent = value > 1 && /(^|_)rate$/.test(e.instancePath.split('/').pop() ?? '');
    return looksPercent
      ? `; ${value} looks like a percentage: write the fraction, quoted ("${percentToFraction(`${value}%`)}")`
      : `; write it quoted ("${value}"): a YAML number is a float and cannot hold every rate exactly`;
  }
  return '';
}

function toProblem(file: string, e: ErrorObject, doc?: unknown): LoadProblem {
  const p = e.params as Record<string, string>;
  if (e.keyword === 'additionalProperties')
    return { file, path: `${e.instancePath}/${p.additionalProperty}`, message: `unknown key "${p.additionalProperty}"` };
  if (e.keyword === 'required')
    return { file, path: `${e.instancePath}/${p.missingProperty}`, message: `missing required key "${p.missingProperty}"` };
  const allowed =
    e.keyword === 'enum' || e.keyword === 'const'
      ? `: ${JSON.stringify((e.params as { allowedValues?: unknown; allowedValue?: unknown }).allowedValues ?? (e.params as { allowedValue?: unknown }).allowedValue)}`
      : '';
  return { file, path: e.instancePath || '/', message: `${e.message ?? e.keyword}${allowed}${rateHint(e, at(doc, e.instancePath))}` };
}

export function validateMasterFile(file: string, value: unknown): { kind?: MasterKind | DataKind; problems: LoadProblem[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { problems: [{ file, path: '/', message: 'a master file must be a YAML mapping' }] };
  const kind = (value as { kind?: unknown }).kind;
  const validate = typeof kind === 'string' ? validators().get(kind) : undefined;
  if (!validate)
    return {
      problems: [
        {
          file,
          path: '/kind',
          message: `unknown master kind ${JSON.stringify(kind)}; expected one of ${[...validators().keys()].join(', ')}`,
        },
      ],
    };
  if (validate(value)) return { kind: kind as MasterKind | DataKind, problems: [] };
  return { kind: kind as MasterKind | DataKind, problems: (validate.errors ?? []).map((e) => toProblem(file, e, value)) };
}
