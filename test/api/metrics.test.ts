/**
 * GET /metrics (server/app/metrics/): the Prometheus text format, without a key; requests counted and
 * timed by route pattern (never the concrete path), method and status; calculations by type; the
 * rate-limit backend's state; no account or company in any label; under PAYROLL_WORKERS=2, the sum over
 * both workers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { startServerProcess, type ListeningServerProcess } from './support/server-process.ts';
import { call, newAccount, putProfile, startTestServer, type TestServer } from './support/test-server.ts';

let db: TestDatabase | undefined;
let server: TestServer | undefined;
let processes: ListeningServerProcess | undefined;

afterEach(async () => {
  await server?.stop();
  processes?.kill();
  await db?.drop();
  server = processes = db = undefined;
});

/** The value of one series of the text format, or undefined when the text has no such series. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2].split(',');
    if (want.length === have.length && want.every((w) => have.includes(w))) return Number(match[3]);
  }
  return undefined;
}

async function metrics(target: { url: string }): Promise<string> {
  const res = await fetch(`${target.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return res.text();
}

describe('GET /metrics', () => {
  it('counts and times requests by route pattern and status, and calculations by type', async () => {
    db = await createTestDatabase('sqlite');
    server = await startTestServer(db);
    const { api_key } = await newAccount(server.store);
    expect((await putProfile(server, api_key, 'acme-tokyo')).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await call(server, 'POST', PATHS.monthly, { key: api_key, body: bodies.monthly() })).status).toBe(200);
    expect((await call(server, 'POST', PATHS.monthly, { key: api_key, body: { company_id: 'acme-tokyo' } })).status).toBe(422);
    expect((await call(server, 'POST', PATHS.monthly, { body: bodies.monthly() })).status).toBe(401);
    expect((await call(server, 'GET', '/v1/no/such/route', { key: api_key })).status).toBe(404);
    expect((await call(server, 'GET', '/cp/v1/companies/secret-company-77/calculation-profile', { key: api_key })).status).toBe(404);

    const text = await metrics(server);
    const monthly = { route: '/v1/payroll/monthly:calculate', method: 'POST' };
    expect(sample(text, 'payroll_http_requests_total', { ...monthly, status: '200' })).toBe(3);
    expect(sample(text, 'payroll_http_requests_total', { ...monthly, status: '422' })).toBe(1);
    expect(sample(text, 'payroll_http_requests_total', { ...monthly, status: '401' })).toBe(1);
    expect(sample(text, 'payroll_http_request_duration_seconds_count', { ...monthly, status: '200' })).toBe(3);
    expect(sample(text, 'payroll_http_request_duration_seconds_bucket', { ...monthly, status: '200', le: '+Inf' })).toBe(3);
    expect(sample(text, 'payroll_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(sample(text, 'payroll_calculations_total', { type: 'monthly_payroll', status: '200' })).toBe(3);
    expect(sample(text, 'payroll_calculations_total', { type: 'monthly_payroll', status: '422' })).toBe(1);
    expect(sample(text, 'payroll_rate_limit_backend_state', { backend: 'memory', state: 'ok' })).toBe(1);
    expect(sample(text, 'payroll_rate_limit_backend_state', { backend: 'memory', state: 'degraded' })).toBe(0);
    expect(sample(text, 'payroll_reloads_total', { outcome: 'refused' })).toBe(0);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    // routing facts only: the concrete company in a path, the account and the key are in no label
    expect(text).not.toContain('secret-company-77');
    expect(text).not.toContain('acme-tokyo');
    expect(text).not.toContain(api_key.slice(0, 16));
    expect(
      sample(text, 'payroll_http_requests_total', {
        route: '/cp/v1/companies/:company_id/calculation-profile',
        method: 'GET',
        status: '404',
      }),
    ).toBe(1);
  });

  it('needs no key, and refuses other methods with the envelope', async () => {
    db = await createTestDatabase('sqlite');
    server = await startTestServer(db);
    expect(await metrics(server)).toContain('# TYPE payroll_http_requests_total counter');
    const post = await call(server, 'POST', '/metrics');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(post.json.error.code).toBe('method_not_allowed');
  });

  it('sums both workers under PAYROLL_WORKERS=2', async () => {
    db = await createTestDatabase('sqlite');
    processes = await startServerProcess(db, { PAYROLL_WORKERS: '2' });
    expect(processes.servingPids).toHaveLength(2);
    // a new connection each: the primary hands them to the workers in turn
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${processes.url}/healthz`, { headers: { Connection: 'close' } });
      expect(res.status).toBe(200);
    }
    const text = await metrics(processes);
    expect(sample(text, 'payroll_http_requests_total', { route: '/healthz', method: 'GET', status: '200' })).toBe(20);
    // each worker's backend state, summed: two workers limit in memory... or through the cluster primary
    const states = ['memory', 'cluster'].map((backend) => sample(text, 'payroll_rate_limit_backend_state', { backend, state: 'ok' }) ?? 0);
    expect(states.reduce((a, b) => a + b)).toBe(2);
  }, 120_000);
});
