/**
 * The OpenAPI document: valid OpenAPI 3.1, every endpoint of the specification documented with a
 * description and examples, every schema described with examples that pass the schema itself (and,
 * for requests, the cross-field rules), served as generated, and the checked-in openapi.json equal to
 * what the code generates (drift fails CI: run `npm run openapi`).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { validateCrossFields } from '../../engine/calculating/validation/index.ts';
import { profilePutExample } from '../../engine/contract/examples.ts';
import { schemaDetails } from '../../server/app/validation/validate-body.ts';
import { realEngine } from './support/real-engine.ts';
import { componentSchemas } from '../../server/app/openapi/components.ts';
import { buildOpenApiDocument } from '../../server/app/openapi/document.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { resultSchemas } from '../../server/app/openapi/result-schemas.ts';
import type { CalculationType } from '../../engine/index.ts';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { OPENAPI_FILE, renderOpenApiFile } from '../../tools/openapi.ts';
import { freshServer } from './support/fresh-server.ts';
import { call, newAccount } from './support/test-server.ts';

const SPEC_ENDPOINTS: [string, string][] = [
  ['post', '/v1/payroll/monthly:calculate'],
  ['post', '/v1/payroll/bonus:calculate'],
  ['post', '/v1/payroll/year-end-adjustment:calculate'], // the year-end adjustment
  ['post', '/v1/payroll/monthly:batch-calculate'], // issue 45: a company's payroll in one call
  ['post', '/v1/payroll/bonus:batch-calculate'],
  ['post', '/v1/payroll/retirement-allowance:calculate'], // issue 43: withholding on retirement allowances
  ['post', '/v1/social-insurance/standard-monthly-remuneration:determine'], // the standard monthly remuneration determination
  ['post', '/v1/social-insurance/leave-premium-exemption:calculate'], // issue 42: premium exemption during 産前産後休業・育児休業等
  ['post', '/v1/resident-tax/special-collection-schedule:calculate'], // the resident-tax monthly schedule (issue 42)
  ['post', '/v1/resident-tax/separation:calculate'], // resident tax when an employee leaves (issue 42)
  ['post', '/v1/simulations/social-insurance:calculate'],
  ['post', '/v1/simulations/employment-insurance:calculate'],
  ['post', '/v1/simulations/income-tax:calculate'],
  ['post', '/v1/simulations/standard-monthly-remuneration:resolve'],
  ['get', '/v1/masters/tax-tables'],
  ['get', '/v1/masters/rate-tables'],
  ['get', '/v1/openapi.json'],
  ['get', '/v1/usage'], // quota visibility
  // the rules in service and the data fingerprint
  ['get', '/v1/masters/rules'],
  // every kind of master and every parameter value, with ?as_of=
  ['get', '/v1/masters/versions'],
  // the payslip labels of the result fields (docs/adr/0104)
  ['get', '/v1/masters/result-labels'],
  ['put', '/cp/v1/companies/{company_id}/calculation-profile'],
  ['get', '/cp/v1/companies/{company_id}/calculation-profile'],
];

/** Operational probes and the metrics scrape (not in the spec's endpoint list): no API key. */
const PROBE_ENDPOINTS: [string, string][] = [
  ['get', '/healthz'],
  ['get', '/readyz'],
  ['get', '/metrics'],
];

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument(realEngine()) as any;

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('the checked-in openapi.json equals what the code generates (run `npm run openapi`)', () => {
    expect(
      readFileSync(OPENAPI_FILE, 'utf8') === renderOpenApiFile(realEngine()),
      'openapi.json is stale: run `npm run openapi` (it also regenerates client/schema.ts)',
    ).toBe(true);
  });

  it.each(SPEC_ENDPOINTS)('documents %s %s with a description, examples and the API key', (method, path) => {
    const op = document.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeDefined();
    expect(op.description.length).toBeGreaterThan(20);
    expect(op.summary).toBeTruthy();
    expect(op.responses['200'].content['application/json'].example).toBeDefined();
    expect(op.responses['401']).toBeDefined();
    expect(op.responses['429'].headers['Retry-After']).toBeDefined();
    if (op.requestBody) expect(op.requestBody.content['application/json'].example).toBeDefined();
    for (const [status, response] of Object.entries<any>(op.responses)) {
      // a 304 (GET /v1/openapi.json) has no content
      if (status !== '200' && status !== '304')
        expect(Object.keys(response.content['application/json'].examples).length).toBeGreaterThan(0);
    }
  });

  it("documents nothing beyond the specification's endpoints and the probes", () => {
    const documented = Object.entries<any>(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((k) => k !== 'parameters')
        .map((m) => `${m} ${path}`),
    );
    expect(documented.sort()).toEqual([...SPEC_ENDPOINTS, ...PROBE_ENDPOINTS].map(([m, p]) => `${m} ${p}`).sort());
  });

  it.each(PROBE_ENDPOINTS)('documents the probe %s %s without the API key, with its 503', (method, path) => {
    const op = document.paths[path][method];
    expect(op.security).toEqual([]);
    expect(Object.keys(op.responses)).toEqual(['200', '503']);
    expect(op.responses['503'].headers['Retry-After']).toBeDefined();
  });

  it('declares the RateLimit-* headers on every response, and Retry-After on 402, 429 and 503', () => {
    for (const [path, item] of Object.entries<any>(document.paths)) {
      // the probes are answered before the key check and the rate limiter: no RateLimit-* headers
      if (PROBE_ENDPOINTS.some(([, p]) => p === path)) continue;
      for (const [method, op] of Object.entries<any>(item)) {
        if (method === 'parameters') continue;
        for (const [status, response] of Object.entries<any>(op.responses)) {
          const where = `${method} ${path} ${status}`;
          expect(Object.keys(response.headers ?? {}), where).toEqual(
            expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
          );
          if (['402', '429', '503'].includes(status)) expect(response.headers['Retry-After'], where).toBeDefined();
        }
      }
    }
    expect(Object.keys(document.components.headers)).toEqual(
      expect.arrayContaining(['XRequestId', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
    );
  });

  it.each(Object.entries(componentSchemas(realEngine())))('schema %s has a description and examples that pass it', (_name, schema: any) => {
    expect(schema.description).toBeTruthy();
    expect(schema.examples?.length).toBeGreaterThan(0);
    // A root `default` only means something inside a parent schema; AJV refuses it at a root.
    const { default: _default, ...rootSchema } = schema;
    const validate = validatorFor(rootSchema);
    for (const example of schema.examples) expect(validate(structuredClone(example)), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(CALCULATION_ENDPOINTS.map((e) => [e.type, e] as const))(
    'the %s request example passes the cross-field rules',
    (_t, endpoint: any) => {
      expect(validateCrossFields(endpoint.type, structuredClone(endpoint.requestSchema.examples[0]))).toEqual([]);
    },
  );
});

describe('documented response examples', () => {
  const { versions } = applyProfilePut([], profilePutExample as never, { company_id: 'acme-tokyo', profile_id: 'prof_example' });
  it.each(CALCULATION_ENDPOINTS.map((e) => [e.type, e] as const))(
    'the %s example result is what the engine computes for the example request',
    (_t, endpoint: any) => {
      const request = structuredClone(endpoint.requestSchema.examples[0]);
      expect(schemaDetails(endpoint.requestSchema, request)).toEqual([]); // fills defaults as the API does
      const result = realEngine().calculate(endpoint.type, request, versions).toResult();
      const example = (resultSchemas(realEngine())[endpoint.type as CalculationType] as any).examples[0];
      expect(result.amounts).toEqual(example.amounts);
      // the data fingerprint changes with every edit of rules/ or masters/; the example shows its form
      const { rules_masters_hash: hash, ...resolved } = result.settings_snapshot;
      const { rules_masters_hash: _exampleHash, ...exampleVersions } = example.settings_snapshot;
      expect(hash).toBe(realEngine().provenance().rules_masters_hash);
      expect(resolved).toEqual(exampleVersions);
    },
  );
});

describe('GET /v1/openapi.json', () => {
  const api = freshServer('sqlite', { engine: realEngine() });

  it('serves the generated document to a key holder', async () => {
    const { api_key } = await newAccount(api.server.store);
    const res = await call(api.server, 'GET', '/v1/openapi.json', { key: api_key });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.json).toEqual(JSON.parse(renderOpenApiFile(realEngine())));
  });

  it('sends the same bytes with a strong ETag, and 304 to a client that has them', async () => {
    const { api_key: key } = await newAccount(api.server.store);
    const first = await fetch(`${api.server.url}/v1/openapi.json`, { headers: { 'X-API-Key': key } });
    const text = await first.text();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(text).openapi).toBe('3.1.0');
    const second = await fetch(`${api.server.url}/v1/openapi.json`, { headers: { 'X-API-Key': key } });
    expect(second.headers.get('etag')).toBe(etag);
    expect(await second.text()).toBe(text);
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request, which forbids a 304.
    const cached = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(`${api.server.url}/v1/openapi.json`, { headers: { 'X-API-Key': key, 'If-None-Match': etag } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        })
        .on('error', reject);
    });
    expect(cached).toEqual({ status: 304, body: '' });
  });
});
