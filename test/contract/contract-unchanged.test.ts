/**
 * Switching to result schemas generated from the pipelines' declared outputs left the contract where it
 * was: every path, field, type, bound and required list of the six results as they were hand-written
 * (test/fixtures/contract/result-schemas-before-generation.json: openapi.json of 459326c, descriptions
 * and examples removed) is still in the generated document. The contract may only grow (a new declared
 * output adds a field); nothing of it may move or disappear.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { buildOpenApiDocument } from '../../server/app/openapi/document.ts';

const BEFORE = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/contract/result-schemas-before-generation.json'), 'utf8'),
) as Record<string, unknown>;

/** Each leaf of `before` that `after` lacks or holds differently; a `required` list may gain names. */
function missingFrom(before: unknown, after: unknown, path: string, out: string[] = []): string[] {
  if (Array.isArray(before) && path.endsWith('/required')) {
    const have = new Set(Array.isArray(after) ? after : []);
    for (const name of before) if (!have.has(name)) out.push(`${path}: ${String(name)} no longer required`);
  } else if (before !== null && typeof before === 'object') {
    if (after === null || typeof after !== 'object') out.push(`${path}: was ${JSON.stringify(before)}, now ${JSON.stringify(after)}`);
    else for (const [k, v] of Object.entries(before)) missingFrom(v, (after as Record<string, unknown>)[k], `${path}/${k}`, out);
  } else if (before !== after) out.push(`${path}: was ${JSON.stringify(before)}, now ${JSON.stringify(after)}`);
  return out;
}

describe('generated result schemas', () => {
  const schemas = (buildOpenApiDocument(loadEngine()) as any).components.schemas;

  it.each(Object.keys(BEFORE))('%s keeps every path, field, type and bound it had when written by hand', (name) => {
    expect(missingFrom(BEFORE[name], schemas[name], name)).toEqual([]);
  });

  it('the comparison can fail: a dropped field, a changed type or an unrequired field is reported', () => {
    const changed = structuredClone(schemas.MonthlyPayrollResult);
    delete changed.properties.amounts.properties.statutory_deductions.properties.resident_tax;
    changed.properties.amounts.properties.net_payment.type = 'string';
    changed.properties.amounts.required = changed.properties.amounts.required.filter((n: string) => n !== 'gross_payment');
    expect(missingFrom(BEFORE.MonthlyPayrollResult, changed, 'M')).toEqual([
      'M/properties/amounts/properties/net_payment/type: was "integer", now "string"',
      'M/properties/amounts/properties/statutory_deductions/properties/resident_tax: was {"maximum":999999999,"minimum":-999999999,"type":"integer"}, now undefined',
      'M/properties/amounts/required: gross_payment no longer required',
    ]);
  });
});
