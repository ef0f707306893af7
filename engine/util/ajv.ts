/** One AJV instance configuration for every load-time schema (rules, pipelines, masters, profiles). */
import Ajv2020Import from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import ajvErrorsImport from 'ajv-errors';
import type { ErrorObject } from 'ajv';
import type { LoadProblem } from '../errors.ts';

// ajv and ajv-formats are CommonJS; under NodeNext their default export arrives wrapped.
const Ajv2020 = ((Ajv2020Import as unknown as { default?: unknown }).default ?? Ajv2020Import) as typeof Ajv2020Import;
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ?? addFormatsImport) as typeof addFormatsImport;
const addErrors = ((ajvErrorsImport as unknown as { default?: unknown }).default ?? ajvErrorsImport) as typeof ajvErrorsImport;

/** `strictRequired: false` admits if/then schemas whose `then` requires a property defined beside the if. */
export function newAjv(options: { strictRequired?: boolean } = {}) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, ...options });
  addFormats(ajv);
  // The profile schema carries the API's messages (errorMessage); the engine validates it too.
  addErrors(ajv);
  return ajv;
}

export function ajvProblems(file: string, errors: ErrorObject[] | null | undefined): LoadProblem[] {
  return (errors ?? []).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? `/${(e.params as { additionalProperty: string }).additionalProperty}` : '';
    const message = e.keyword === 'additionalProperties' ? 'unknown key' : (e.message ?? e.keyword);
    return { file, path: `${e.instancePath}${extra}` || '/', message };
  });
}
