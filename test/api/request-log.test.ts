/**
 * One structured log line per request with routing facts only; never a body, an API key or employee
 * data (decisions.md 4). Checked on captured pino output.
 */
import { describe, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

describe('request log', () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo' });

  it('writes exactly one line per request with request_id, account, route pattern, status, latency and Idempotency-Key', async () => {
    const before = api.server.logs.length;
    const body = bodies.monthly();
    body.employee_snapshot.employee_ref = 'EMPLOYEE-SECRET-REF-7731';
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body, headers: { 'Idempotency-Key': 'idem-42' } });
    expect(res.status).toBe(200);
    const lines = api.server.logs.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request',
      request_id: res.headers.get('x-request-id'),
      account_id: api.accountId,
      method: 'POST',
      route: '/v1/payroll/monthly:calculate',
      status: 200,
      idempotency_key: 'idem-42',
    });
    expect(typeof lines[0]!.latency_ms).toBe('number');
  });

  it('logs the route pattern, not the concrete path, and failed requests too', async () => {
    const before = api.server.logs.length;
    await call(api.server, 'GET', '/cp/v1/companies/acme-tokyo/calculation-profile', { key: api.key });
    await call(api.server, 'GET', '/v1/masters/tax-tables');
    const [profile, unauthorized] = api.server.logs.slice(before);
    expect(profile).toMatchObject({ route: '/cp/v1/companies/:company_id/calculation-profile', status: 200 });
    expect(unauthorized).toMatchObject({ status: 401, account_id: null });
  });

  it('never contains a body, an API key or employee data', async () => {
    const before = api.server.rawLogs.length;
    const body = bodies.monthly();
    body.employee_snapshot.employee_ref = 'EMPLOYEE-SECRET-REF-9913';
    body.base_pay = 271828;
    body.custom_deductions = [{ code: 'loan', name: 'Loan SECRET-NAME', amount: 31415 }];
    await call(api.server, 'POST', PATHS.monthly, { key: api.key, body });
    await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: { ...body, unexpected: 'SECRET-VALUE' } });
    await call(api.server, 'POST', PATHS.bonus, { key: `${api.key}x`, body: bodies.bonus() });
    const text = api.server.rawLogs.slice(before).join('');
    expect(api.server.rawLogs.length - before).toBe(3);
    for (const secret of ['EMPLOYEE-SECRET-REF-9913', '271828', 'SECRET-NAME', '31415', 'SECRET-VALUE', api.key, api.key.slice(17)]) {
      expect(text).not.toContain(secret);
    }
  });
});
