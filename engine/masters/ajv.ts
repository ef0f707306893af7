/**
 * The AJV instance for master schemas: JSON Schema 2020-12, allErrors (report every problem at once),
 * strict (a typo in a schema keyword fails at compile time), formats (date).
 * Same options as engine/util/ajv.ts; kept here so the masters package stands on its own.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Ajv2020Class = typeof Ajv2020Module.default;
type AddFormats = typeof addFormatsModule.default;

// ajv and ajv-formats are CommonJS; under NodeNext their default export may arrive wrapped.
const unwrap = <T>(m: unknown): T => ((m as { default?: T }).default ?? m) as T;
const Ajv2020 = unwrap<Ajv2020Class>(Ajv2020Module);
const addFormats = unwrap<AddFormats>(addFormatsModule);

export function newMastersAjv() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv;
}
