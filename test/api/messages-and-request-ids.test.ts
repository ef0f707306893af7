/**
 * Messages a client can act on (stated in the schemas through ajv-errors), X-Request-Id
 * honoured when well-formed, and the route logged also for requests refused before routing.
 */
import { describe, expect, it } from 'vitest';
import { profilePutExample } from '../../engine/contract/examples.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { call, startTestServer } from './support/test-server.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('messages and request ids', () => {
  const api = freshServer('sqlite');

  it('a rate sent as a percentage is told to send a fraction', async () => {
    const body = {
      ...profilePutExample,
      social_insurance: {
        health_insurance_provider: 'custom',
        custom_rates: {
          health_insurance_employee_rate: '9.85',
          care_insurance_employee_rate: '0.008',
          childcare_support_contribution_employee_rate: null,
          health_insurance_standard_bonus_annual_cap: 5730000,
        },
      },
    };
    const res = await call(api.server, 'PUT', '/cp/v1/companies/msg-co/calculation-profile', { key: api.key, body });
    expect(res.json.error.details).toEqual([
      {
        path: ['social_insurance', 'custom_rates', 'health_insurance_employee_rate'],
        code: 'invalid_format',
        message: 'must be a fraction between 0 and 1 written as a string (9.85 % is "0.0985").',
      },
    ]);
  });

  it('a bad prefecture code says 01 to 47, not a regular expression', async () => {
    const res = await call(api.server, 'PUT', '/cp/v1/companies/msg-co/calculation-profile', {
      key: api.key,
      body: { ...profilePutExample, social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '48' } },
    });
    expect(res.json.error.details).toEqual([
      {
        path: ['social_insurance', 'prefecture_code'],
        code: 'invalid_format',
        message: 'must be a JIS prefecture code from "01" to "47" (Tokyo is "13").',
      },
    ]);
  });

  it('months, decimal strings, daily hours and the withholding override have their own messages', async () => {
    const body = bodies.bonus() as Record<string, any>;
    body.bonus_tax_context = { calculation_method: 'standard', withholding_rate_override: '10.21' };
    body.employee_snapshot.monthly_standard_working_hours = '160h';
    body.employee_snapshot.daily_standard_working_hours = '0.5';
    const res = await call(api.server, 'POST', PATHS.bonus, { key: api.key, body });
    expect(res.json.error.details).toEqual(
      expect.arrayContaining([
        {
          path: ['bonus_tax_context', 'withholding_rate_override'],
          code: 'invalid_format',
          message: 'must be a fraction between 0 and 1 written as a string (9.85 % is "0.0985").',
        },
        {
          path: ['employee_snapshot', 'monthly_standard_working_hours'],
          code: 'invalid_format',
          message: 'must be a decimal number written as a string, e.g. "160".',
        },
        {
          path: ['employee_snapshot', 'daily_standard_working_hours'],
          code: 'invalid_format',
          message: 'must be the daily scheduled hours from 1 to 24 as a decimal string, e.g. "8" or "7.5".',
        },
      ]),
    );
    const monthly = bodies.monthly() as Record<string, any>;
    monthly.period.payroll_month = '2026-13';
    const m = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: monthly });
    expect(m.json.error.details).toContainEqual({
      path: ['period', 'payroll_month'],
      code: 'invalid_format',
      message: 'must be a month YYYY-MM.',
    });
  });

  it('a well-formed X-Request-Id is adopted in the header, the envelope and the log', async () => {
    const id = 'gw-7f3a9c:42.retry_1';
    const res = await call(api.server, 'GET', '/v1/masters/tax-tables', { headers: { 'X-Request-Id': id } });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(res.json.error.request_id).toBe(id);
    expect(api.server.logs.at(-1)).toMatchObject({ request_id: id, status: 401 });
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['a space', 'a b'],
    ['a quote', 'a"b'],
    ['empty', ''],
    ['non-ASCII', 'é'],
  ])('an X-Request-Id with %s is replaced by a UUID', async (_what, id) => {
    const res = await call(api.server, 'GET', '/v1/openapi.json', { headers: { 'X-Request-Id': id } });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(res.json.error.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('logs the route also for 401 and 429, and says "1 second"', async () => {
    // A server of its own with a limit of one request per second: the second request is refused.
    const limitedDb = await createTestDatabase('sqlite');
    const limitedServer = await startTestServer(limitedDb, { config: { rateLimitPerSecond: 1, rateLimitBurst: 1 } });
    try {
      const first = await call(limitedServer, 'POST', PATHS.socialInsurance, { key: 'pay_wrong', body: bodies.socialInsurance() });
      const second = await call(limitedServer, 'GET', '/cp/v1/companies/acme-tokyo/calculation-profile', { key: 'pay_wrong' });
      expect([first.status, second.status]).toEqual([401, 429]);
      expect(limitedServer.logs.map((l) => [l.status, l.route])).toEqual([
        [401, '/v1/simulations/social-insurance:calculate'],
        [429, '/cp/v1/companies/:company_id/calculation-profile'],
      ]);
      const seconds = Number(second.headers.get('retry-after'));
      expect(second.json.error.message).toBe(`Too many requests; retry after ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`);
      expect(second.json.error.message).not.toContain('1 seconds');
    } finally {
      await limitedServer.stop();
      await limitedDb.drop();
    }
  });
});
