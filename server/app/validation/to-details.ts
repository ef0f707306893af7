/**
 * AJV errors -> the API's validation details: path as an array of field names (array indexes as
 * numbers), a stable code, and a message. Unknown and missing fields get the field's own name at the
 * end of the path (clipped: a name can be as long as the body), so a client can point at it. Messages
 * a schema states itself (ajv-errors' errorMessage) are used as they are, with the code of the keyword
 * they replace. Codes are documented in docs/errors.md.
 */
import type { ErrorObject } from 'ajv';
import type { ValidationDetail } from '../../../engine/index.ts';
import { clipName } from './limits.ts';
import { inertText } from '../errors/registry.ts';

type Path = (string | number)[];

function pointerToPath(pointer: string): Path {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
}

/** Wrapper keywords whose inner errors already say what is wrong. */
const WRAPPERS = new Set(['if', 'propertyNames']);

const CODE_OF_KEYWORD: Record<string, string> = {
  minimum: 'out_of_range',
  maximum: 'out_of_range',
  exclusiveMinimum: 'out_of_range',
  exclusiveMaximum: 'out_of_range',
  minLength: 'invalid_length',
  maxLength: 'invalid_length',
  minItems: 'invalid_length',
  maxItems: 'invalid_length',
  minProperties: 'invalid_length',
  maxProperties: 'invalid_length',
  pattern: 'invalid_format',
  format: 'invalid_format',
  type: 'invalid_type',
};

/** A message the schema gives itself (errorMessage) replaces the errors it names; the first sets the code. */
function schemaMessage(e: ErrorObject, path: Path): ValidationDetail {
  const replaced = (e.params as { errors?: ErrorObject[] }).errors ?? [];
  return { path, code: CODE_OF_KEYWORD[replaced[0]?.keyword ?? ''] ?? 'invalid_value', message: withStop(e.message ?? 'is invalid') };
}

function withStop(message: string): string {
  return message.endsWith('.') ? message : `${message}.`;
}

function toDetail(e: ErrorObject): ValidationDetail | null {
  const path = pointerToPath(e.instancePath);
  const params = e.params as Record<string, unknown>;
  if (WRAPPERS.has(e.keyword)) return null;
  // Errors raised by propertyNames carry the offending key on the error object itself.
  const propertyName = (e as ErrorObject & { propertyName?: string }).propertyName;
  if (typeof propertyName === 'string') {
    const inner =
      e.keyword === 'errorMessage'
        ? schemaMessage(e, path)
        : { code: CODE_OF_KEYWORD[e.keyword] ?? 'invalid_value', message: withStop(e.message ?? 'is invalid') };
    return { path: [...path, clipName(propertyName)], code: inner.code, message: `key name ${inner.message}` };
  }
  switch (e.keyword) {
    case 'errorMessage':
      return schemaMessage(e, path);
    case 'required':
      return {
        path: [...path, String(params.missingProperty)],
        code: 'required',
        message: `${String(params.missingProperty)} is required.`,
      };
    case 'additionalProperties': {
      const name = clipName(String(params.additionalProperty));
      return { path: [...path, name], code: 'unknown_field', message: `${inertText(name)} is not a field of this object.` };
    }
    case 'false schema':
      return { path, code: 'forbidden_field', message: `${String(path[path.length - 1])} is not allowed here.` };
    case 'type':
      return { path, code: 'invalid_type', message: `must be of type ${String(params.type).replace(',', ' or ')}.` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path, code: 'out_of_range', message: `${e.message}.` };
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      return { path, code: 'invalid_length', message: `${e.message}.` };
    case 'pattern':
    case 'format':
      return { path, code: 'invalid_format', message: formatMessage(params) };
    case 'enum':
      return {
        path,
        code: 'invalid_value',
        message: `must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`,
      };
    case 'const':
      return { path, code: 'invalid_value', message: `must be ${JSON.stringify(params.allowedValue)}.` };
    default:
      return { path, code: 'invalid_value', message: `${e.message ?? 'is invalid'}.` };
  }
}

/** Patterns of the request schemas carry their own messages (errorMessage); formats are named here. */
function formatMessage(params: Record<string, unknown>): string {
  if (params.format === 'date') return 'must be a date YYYY-MM-DD.';
  if (params.format) return `must be in ${String(params.format)} format.`;
  return `must match ${String(params.pattern)}.`;
}

export function ajvErrorsToDetails(errors: readonly ErrorObject[] | null | undefined): ValidationDetail[] {
  const seen = new Set<string>();
  const out: ValidationDetail[] = [];
  for (const e of errors ?? []) {
    const d = toDetail(e);
    if (!d) continue;
    const key = `${JSON.stringify(d.path)}|${d.code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}
