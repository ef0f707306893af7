/**
 * openapi.json describes every request the service accepts (issue 45 item 5): a client or gateway that
 * validates against it must not refuse a legitimate call. tax_dependent_count's maximum is the bound an
 * opted-in company reaches (income_tax.dependents_beyond_seven), the default rule in its description;
 * GET /v1/openapi.json lists its 304; the document says what becomes of unknown query parameters.
 * The service's own validation is unchanged (dependents-beyond-seven.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { realEngine } from './support/real-engine.ts';

const doc = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));

/** Every schema of a property named `name` in the document. */
function propertiesNamed(node: unknown, name: string, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) for (const v of node) propertiesNamed(v, name, found);
  else if (node !== null && typeof node === 'object') {
    const props = (node as { properties?: Record<string, unknown> }).properties;
    if (props && typeof props[name] === 'object') found.push(props[name] as Record<string, unknown>);
    for (const v of Object.values(node)) propertiesNamed(v, name, found);
  }
  return found;
}

describe('openapi.json and the opt-ins', () => {
  it('gives tax_dependent_count the opted-in bound as its maximum and the default rule in its description', () => {
    const limits = realEngine().inputLimits();
    const schemas = propertiesNamed(doc, 'tax_dependent_count');
    expect(schemas.length).toBeGreaterThanOrEqual(2);
    for (const schema of schemas) {
      expect(schema.maximum).toBe(limits.tax_dependent_count_max);
      expect(schema.description).toContain(`Default 0-${limits.tax_dependent_count_printed_max} (the printed columns)`);
      expect(schema.description).toContain('income_tax.dependents_beyond_seven: statutory_reduction');
    }
  });

  it('lists the 304 of GET /v1/openapi.json and the If-None-Match that asks for it', () => {
    const op = doc.paths['/v1/openapi.json'].get;
    expect(Object.keys(op.responses)).toContain('304');
    expect(op.responses['304'].content).toBeUndefined();
    expect(op.responses['304'].headers).toHaveProperty('ETag');
    expect(op.responses['200'].headers).toHaveProperty('ETag');
    expect(op.parameters.map((p: { name: string }) => p.name)).toContain('If-None-Match');
  });

  it('says that unknown query parameters are ignored, and why, beside the unknown body fields refused', () => {
    expect(doc.info.description).toContain('A query parameter an operation does not list is ignored');
    expect(doc.info.description).toContain('a field it does not define is a mistake and 422 validation_error');
  });
});
