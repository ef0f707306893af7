/**
 * The AJV instance for master schemas: JSON Schema 2020-12, allErrors (report every problem at once),
 * strict (a typo in a schema keyword fails at compile time), formats (date).
 * Same options as engine/util/ajv.ts; kept here so the masters package stands on its own.
 */
import Ajv2020Import from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';

// ajv and ajv-formats are CommonJS; under NodeNext their default export arrives wrapped.
const Ajv2020 = ((Ajv2020Import as unknown as { default?: unknown }).default ?? Ajv2020Import) as typeof Ajv2020Import;
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ?? addFormatsImport) as typeof addFormatsImport;

export function newMastersAjv() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv;
}
