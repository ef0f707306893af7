/**
 * HTTP mechanics every endpoint shares: API key (401), request id, error envelope, routing (404/405),
 * Content-Type (415), malformed JSON (400), body size (413), internal errors (500 without internals).
 */
import { expect, it } from 'vitest';
import { EngineFault } from '../../engine/index.ts';
import { maskValues } from '../../engine/util/mask-values.ts';
import { generateApiKey, keyPrefixOf } from '../../server/app/auth/api-keys.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { FakeEngine } from './support/fake-engine.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { call, newAccount } from './support/test-server.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ALL_ENDPOINTS: [string, string][] = [
  ...Object.values(PATHS).map((p): [string, string] => ['POST', p]),
  ['GET', '/v1/masters/tax-tables'],
  ['GET', '/v1/masters/rate-tables'],
  ['GET', '/v1/openapi.json'],
  ['PUT', '/cp/v1/companies/acme-tokyo/calculation-profile'],
  ['GET', '/cp/v1/companies/acme-tokyo/calculation-profile'],
];

describeEachStore('HTTP basics (%s)', (kind) => {
  const engine = new FakeEngine();
  const api = freshServer(kind, { engine, config: { maxBodyBytes: 4096 }, company: 'acme-tokyo' });

  it.each(ALL_ENDPOINTS)('%s %s needs a key: 401 unauthorized in the envelope', async (method, path) => {
    const res = await call(api.server, method, path, method === 'GET' ? {} : { body: {} });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthorized');
    expect(res.json.error.request_id).toMatch(UUID);
    expect(res.headers.get('x-request-id')).toBe(res.json.error.request_id);
    expect(res.json.error).not.toHaveProperty('details');
  });

  it('rejects an unknown key and a revoked key with 401', async () => {
    expect((await call(api.server, 'GET', '/v1/masters/tax-tables', { key: generateApiKey().api_key })).status).toBe(401);
    expect((await call(api.server, 'GET', '/v1/masters/tax-tables', { key: 'garbage' })).status).toBe(401);
    const other = await newAccount(api.server.store);
    expect((await call(api.server, 'GET', '/v1/masters/tax-tables', { key: other.api_key })).status).toBe(200);
    await api.server.store.revokeApiKeys(keyPrefixOf(other.api_key)!);
    expect((await call(api.server, 'GET', '/v1/masters/tax-tables', { key: other.api_key })).json.error.code).toBe('unauthorized');
  });

  it('answers every success with an X-Request-Id UUID', async () => {
    const res = await call(api.server, 'GET', '/v1/masters/rate-tables', { key: api.key });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });

  it('404 route_not_found for an unknown path, 405 method_not_allowed for a wrong method', async () => {
    const missing = await call(api.server, 'GET', '/v1/nothing-here', { key: api.key });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('route_not_found');
    const wrong = await call(api.server, 'GET', PATHS.monthly, { key: api.key });
    expect(wrong.status).toBe(405);
    expect(wrong.json.error.code).toBe('method_not_allowed');
    expect(wrong.headers.get('allow')).toContain('POST');
  });

  it('415 unsupported_media_type without a JSON Content-Type, on POST and PUT', async () => {
    for (const [method, path] of [
      ['POST', PATHS.monthly],
      ['PUT', '/cp/v1/companies/acme-tokyo/calculation-profile'],
    ]) {
      const noType = await call(api.server, method, path, { key: api.key, rawBody: JSON.stringify(bodies.monthly()) });
      expect(noType.status).toBe(415);
      expect(noType.json.error.code).toBe('unsupported_media_type');
      const text = await call(api.server, method, path, { key: api.key, rawBody: '{}', headers: { 'Content-Type': 'text/plain' } });
      expect(text.status).toBe(415);
    }
  });

  it('400 malformed_json for a body that is not JSON, saying where it breaks', async () => {
    const res = await call(api.server, 'POST', PATHS.monthly, {
      key: api.key,
      rawBody: '{"company_id": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({
      code: 'malformed_json',
      message: 'The request body is not valid JSON (line 1, column 16).',
      request_id: expect.stringMatching(UUID),
    });
  });

  it('413 payload_too_large above PAYROLL_MAX_BODY_BYTES', async () => {
    const big = {
      ...bodies.monthly(),
      allowances: [
        {
          code: 'x',
          name: 'y'.repeat(5000),
          amount: 1,
          taxable: true,
          social_insurance_included: true,
          employment_insurance_included: true,
        },
      ],
    };
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: big });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('payload_too_large');
    expect(res.json.error.message).toContain('4096');
  });

  it('a JSON body of the wrong type is a 422 invalid_type at the root', async () => {
    const res = await call(api.server, 'POST', PATHS.incomeTax, { key: api.key, body: [1, 2] });
    expect(res.status).toBe(422);
    expect(res.json.error.details).toEqual([{ path: [], code: 'invalid_type', message: 'must be of type object.' }]);
  });

  it('500 internal_error hides the internals of an unexpected failure', async () => {
    engine.failWith = new Error('database password is hunter2 at /srv/secret.ts');
    try {
      const res = await call(api.server, 'POST', PATHS.incomeTax, { key: api.key, body: bodies.incomeTax() });
      expect(res.status).toBe(500);
      expect(res.json.error.code).toBe('internal_error');
      expect(JSON.stringify(res.json)).not.toContain('hunter2');
      expect(api.server.rawLogs.join('')).not.toContain('hunter2');
      expect(api.server.logs.some((l) => l.msg === 'internal error' && l.request_id === res.json.error.request_id)).toBe(true);
    } finally {
      engine.failWith = undefined;
    }
  });

  it('the log keeps the message of an engine fault (rule and step, values masked), the client still sees none', async () => {
    engine.failWith = new EngineFault(
      `rule rules/x/x.y.v1.yaml (step y) failed: TypeError: ${maskValues('amount 300000 of key sk_live_abcdefghijklmnopqrstuvwxyz')}`,
    );
    try {
      const res = await call(api.server, 'POST', PATHS.incomeTax, { key: api.key, body: bodies.incomeTax() });
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.json)).not.toContain('x.y.v1');
      const line = api.server.logs.find((l) => l.msg === 'internal error' && l.request_id === res.json.error.request_id);
      expect(line?.err_message).toBe('rule rules/x/x.y.v1.yaml (step y) failed: TypeError: amount <n> of key <token>');
      expect(api.server.rawLogs.join('')).not.toContain('300000');
    } finally {
      engine.failWith = undefined;
    }
  });
});
