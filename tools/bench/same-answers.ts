/**
 * Checks that two server builds answer byte for byte alike (a performance change must not be visible
 * to clients): both bundles (folders holding a main.js) started as the bench starts the server, the
 * same list of requests sent to each (every calculation endpoint, with and without trace, and the
 * error paths: no key, 404, 405, 415, 400, 413, 422, gzip, HEAD, masters, OpenAPI, profile, answers
 * asked for br and gzip), then status, header names, values and order, and body bytes (a compressed body
 * decoded) compared. Timestamps, UUIDs (calculation,
 * profile and account ids) and the rate-limit window's figures are masked; the request id is fixed.
 *
 * Usage: npx tsx tools/bench/same-answers.ts DIR_A DIR_B
 */
import http from 'node:http';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startBenchServer, type BenchServer } from './http-bench.ts';
import {
  BENCH_COMPANY,
  BENCH_PROFILE_PUT,
  SIMULATION_REQUESTS,
  attendanceRequest,
  bonusRequest,
  monthlyRequest,
} from './sample-requests.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';

interface Ask {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Without the bench account's key. */
  noKey?: boolean;
}

const pathOf = (type: string) => CALCULATION_ENDPOINTS.find((e) => e.type === type)!.path;
const json = { 'Content-Type': 'application/json' };
const post = (type: string, body: unknown): Ask => ({ method: 'POST', path: pathOf(type), headers: json, body: JSON.stringify(body) });

const ASKS: Ask[] = [
  post('monthly_payroll', monthlyRequest(1, true)),
  post('monthly_payroll', monthlyRequest(2, false)),
  post('monthly_payroll', attendanceRequest()),
  post('bonus', bonusRequest()),
  ...SIMULATION_REQUESTS.map(([, type, body]) => post(type, body)),
  post('monthly_payroll', { ...monthlyRequest(3, true), base_pay: -1, period: { payroll_month: 'x' } }),
  post('monthly_payroll', { ...monthlyRequest(3, true), company_id: 'nobody' }),
  post('monthly_payroll', JSON.parse('{"__proto__": {"x": 1}, "company_id": "bench"}')),
  { method: 'POST', path: pathOf('monthly_payroll'), headers: json, body: '{"company_id": "bench",' },
  { method: 'POST', path: pathOf('monthly_payroll'), headers: json, body: '{"__proto__": {"x": 1}}' },
  { method: 'POST', path: pathOf('monthly_payroll'), headers: json, body: '' },
  { method: 'POST', path: pathOf('monthly_payroll'), headers: json, body: '[]' },
  { method: 'POST', path: pathOf('monthly_payroll'), headers: { 'Content-Type': 'text/plain' }, body: '{}' },
  {
    method: 'POST',
    path: pathOf('monthly_payroll'),
    headers: { ...json, 'Content-Encoding': 'gzip' },
    body: gzipSync(JSON.stringify(monthlyRequest(4, true))),
  },
  { method: 'POST', path: pathOf('monthly_payroll'), headers: { ...json, 'Content-Encoding': 'gzip' }, body: 'not gzip' },
  { method: 'POST', path: pathOf('monthly_payroll'), headers: { ...json, 'Content-Encoding': 'zstd' }, body: '{}' },
  {
    method: 'POST',
    path: pathOf('monthly_payroll'),
    headers: json,
    body: JSON.stringify({ ...monthlyRequest(5, true), pad: 'x'.repeat(2_000_000) }),
  },
  {
    method: 'POST',
    path: pathOf('monthly_payroll'),
    headers: { ...json, 'Idempotency-Key': 'k'.repeat(300) },
    body: JSON.stringify(monthlyRequest(6, true)),
  },
  { ...post('monthly_payroll', monthlyRequest(1, true)), noKey: true },
  { method: 'GET', path: pathOf('monthly_payroll') },
  { method: 'GET', path: '/v1/no-such-route' },
  { method: 'GET', path: '/v1/masters/tax-tables' },
  { method: 'HEAD', path: '/v1/masters/rate-tables' },
  { method: 'GET', path: '/v1/masters/rules' },
  { method: 'GET', path: '/v1/openapi.json' },
  { method: 'GET', path: '/v1/openapi.json', headers: { 'Accept-Encoding': 'gzip' } },
  { ...post('monthly_payroll', monthlyRequest(1, true)), headers: { ...json, 'Accept-Encoding': 'gzip, deflate, br' } },
  { method: 'GET', path: '/v1/masters/tax-tables', headers: { 'Accept-Encoding': 'gzip' } },
  { method: 'GET', path: `/cp/v1/companies/${BENCH_COMPANY}/calculation-profile` },
  { method: 'PUT', path: `/cp/v1/companies/${BENCH_COMPANY}/calculation-profile`, headers: json, body: JSON.stringify(BENCH_PROFILE_PUT) },
  { method: 'GET', path: '/v1/usage' },
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
  // the probe router matches case-insensitively, with a trailing slash, for any method (405), without a key
  { method: 'GET', path: '/HEALTHZ' },
  { method: 'GET', path: '/healthz/' },
  { method: 'GET', path: '/ReadyZ/', noKey: true },
  { method: 'POST', path: '/healthz', headers: json, body: '{}' },
  { method: 'GET', path: '/healthz//' },
  { method: 'GET', path: '/healthzz', noKey: true },
  { method: 'GET', path: '/docs' },
];

interface Answer {
  status: number;
  headers: string[];
  body: Buffer;
}

function ask(s: BenchServer, a: Ask, i: number): Promise<Answer> {
  return new Promise((done, fail) => {
    const headers = { ...(a.noKey ? {} : { 'X-API-Key': s.key }), 'X-Request-Id': `same-answers-${i}`, ...a.headers };
    const req = http.request(s.server.url + a.path, { method: a.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode!, headers: res.rawHeaders, body: decoded(res.headers['content-encoding'], Buffer.concat(chunks)) }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(a.body);
  });
}

/** A compressed body is compared by what it decodes to (the coding itself is in the headers). */
function decoded(coding: string | undefined, bytes: Buffer): Buffer {
  if (coding === 'br') return brotliDecompressSync(bytes);
  if (coding === 'gzip') return gunzipSync(bytes);
  return bytes;
}

const TIMESTAMP = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** The rate-limit window is one second: what remains of it depends on timing. */
const VOLATILE = new Set(['date', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']);
function masked(a: Answer): string {
  const headers: string[] = [];
  for (let i = 0; i < a.headers.length; i += 2)
    headers.push(`${a.headers[i]}: ${VOLATILE.has(a.headers[i].toLowerCase()) ? '*' : a.headers[i + 1]}`);
  return [a.status, ...headers, '', a.body.toString('latin1').replace(TIMESTAMP, 'T').replace(UUID, 'U')].join('\n');
}

const dirs = process.argv.slice(2);
if (dirs.length !== 2) throw new Error('usage: same-answers.ts DIR_A DIR_B');
const servers: BenchServer[] = [];
let differences = 0;
try {
  for (const dir of dirs) servers.push(await startBenchServer(`exec node ${resolve(dir, 'main.js')}`));
  for (const [i, a] of ASKS.entries()) {
    const [x, y] = [await ask(servers[0], a, i), await ask(servers[1], a, i)];
    const same = masked(x) === masked(y);
    if (!same) differences++;
    console.log(
      `${same ? 'same' : 'DIFFERENT'}  ${a.method} ${a.path} -> ${x.status} (${x.body.length} B) / ${y.status} (${y.body.length} B)`,
    );
    if (!same) {
      const [mx, my] = [masked(x), masked(y)];
      let at = 0;
      while (mx[at] === my[at]) at++;
      console.log(
        `  first difference at character ${at}:\n  ${JSON.stringify(mx.slice(Math.max(0, at - 200), at + 200))}\n  ${JSON.stringify(my.slice(Math.max(0, at - 200), at + 200))}`,
      );
    }
  }
} finally {
  for (const s of servers) await s.stop();
}
console.log(differences === 0 ? `all ${ASKS.length} answers alike` : `${differences} of ${ASKS.length} answers differ`);
process.exitCode = differences === 0 ? 0 : 1;
