/**
 * The AJV instance every request schema compiles with: all errors at once (the client fixes
 * everything in one round; validate-body.ts bounds that work by checking sizes first), defaults filled
 * in where the spec gives them, formats checked for real (2026-02-30 is not a date), the schemas' own
 * messages (ajv-errors' errorMessage keyword: "01-47" rather than a regular expression), and strict
 * mode so a typo in a schema keyword fails at start-up.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import ajvErrorsModule from 'ajv-errors';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on .default.
type AddFormats = (ajv: Ajv, formats: string[]) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;
type AddErrors = (ajv: Ajv) => Ajv;
const addErrors = ((ajvErrorsModule as unknown as { default?: AddErrors }).default ?? ajvErrorsModule) as unknown as AddErrors;

export function createAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    useDefaults: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    allowUnionTypes: true,
  });
  addFormats(ajv, ['date', 'date-time', 'uuid']);
  addErrors(ajv);
  // annotations of the published result schemas (server/app/openapi/result-labels.ts): known, never checked
  ajv.addVocabulary(['x-label-ja', 'x-label-en']);
  return ajv;
}

let shared: Ajv | undefined;
const cache = new WeakMap<object, ValidateFunction>();

/** Compiled validator of a schema constant, compiled once at its first use; the AJV instance is made at
 * the first compile too (with ajv-errors it is costly to make, and the start-up need not wait for it). */
export function validatorFor(schema: object): ValidateFunction {
  let v = cache.get(schema);
  if (!v) {
    shared ??= createAjv();
    v = shared.compile(schema);
    cache.set(schema, v);
  }
  return v;
}
