/**
 * HTTP figures: the server process as `npm start` runs it (one process: PAYROLL_WORKERS=1), on a
 * temporary SQLite store with a standard-plan account created in the store and a company profile PUT
 * over HTTP; autocannon (in this process) at 32 keep-alive connections. The rate limit is raised so the
 * run measures the service, not the limiter. The cheapest authenticated route is the yardstick the
 * calculation routes are compared with.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createAccountWithKey } from '../../server/accounts.ts';
import { openSqliteStore } from '../../server/store/sqlite.ts';
import { BENCH_COMPANY, BENCH_PROFILE_PUT, monthlyRequest } from './sample-requests.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { fmt, medianOf, table } from './stats.ts';

export const CONNECTIONS = 32;

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Figures extends Record<string, number> {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  cpuUsPerRequest: number;
}

export function benchEnv(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PAYROLL_DB: join(dir, 'bench.sqlite'),
    PAYROLL_RATE_LIMIT_PER_SECOND: '1000000',
    PAYROLL_RATE_LIMIT_BURST: '1000000',
    PAYROLL_WORKERS: '1',
    LOG_LEVEL: 'warn',
  };
  delete env.PAYROLL_DATABASE_URL;
  delete env.PAYROLL_REDIS_URL;
  return env;
}

async function load(server: ServerProcess, key: string, t: Target, seconds: number): Promise<Figures> {
  const cpuBefore = server.cpuMs();
  const r = await autocannon({
    url: server.url + t.path,
    method: t.method,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'X-API-Key': key, ...(t.body ? { 'Content-Type': 'application/json' } : {}) },
    body: t.body,
  });
  const cpuUsPerRequest = ((server.cpuMs() - cpuBefore) * 1000) / Math.max(1, r.requests.total);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors, cpuUsPerRequest };
}

export async function benchHttp(runs: number, seconds: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-'));
  const env = benchEnv(dir);
  const store = openSqliteStore(env.PAYROLL_DB!);
  const { api_key: key } = await createAccountWithKey(store, 'bench', 'standard');
  await store.close();
  const server = await startServerProcess(env);
  try {
    const put = await fetch(`${server.url}/cp/v1/companies/${BENCH_COMPANY}/calculation-profile`, {
      method: 'PUT',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify(BENCH_PROFILE_PUT),
    });
    if (put.status !== 200) throw new Error(`the profile PUT answered ${put.status}`);
    const targets: Target[] = [
      { name: 'POST /v1/payroll/monthly:calculate, with trace', method: 'POST', path: '/v1/payroll/monthly:calculate', body: JSON.stringify(monthlyRequest(1, true)) },
      { name: 'POST /v1/payroll/monthly:calculate, without trace', method: 'POST', path: '/v1/payroll/monthly:calculate', body: JSON.stringify(monthlyRequest(1, false)) },
      { name: `GET /cp/v1/companies/${BENCH_COMPANY}/calculation-profile (cheapest)`, method: 'GET', path: `/cp/v1/companies/${BENCH_COMPANY}/calculation-profile` },
    ];
    // Warm-up: JIT and caches, not counted.
    for (const t of targets) await load(server, key, t, 1);
    const perRun: Figures[][] = targets.map(() => []);
    for (let run = 0; run < runs; run++) {
      for (const [i, t] of targets.entries()) perRun[i].push(await load(server, key, t, seconds));
    }
    const med = perRun.map((r) => medianOf(r));
    const [trace, noTrace, cheapest] = med;
    const rows = targets.map((t, i) => [t.name, fmt(med[i].rps), fmt(med[i].p50, 1), fmt(med[i].p99, 1), fmt(med[i].cpuUsPerRequest), fmt(med[i].non2xx)]);
    return [
      `## HTTP (server process from \`npm start\`'s command, PAYROLL_WORKERS=1, SQLite; autocannon ${CONNECTIONS} connections, ${seconds} s per run)`,
      `spawn to first answered request: ${fmt(server.startMs)} ms`,
      table(['route', 'req/s', 'p50 ms', 'p99 ms', 'server CPU us/req', 'non-2xx'], rows),
      `server CPU per request: CPU time of the server process (user + system, /proc) over the run / requests answered; ${fmt(1e6 / trace.cpuUsPerRequest)} monthly-with-trace req/s per fully used core`,
      `ratio monthly with trace / cheapest route: ${fmt((trace.rps / cheapest.rps) * 100, 1)} %`,
      `ratio monthly without trace / cheapest route: ${fmt((noTrace.rps / cheapest.rps) * 100, 1)} %`,
      `ratio monthly with trace / without trace: ${fmt((trace.rps / noTrace.rps) * 100, 1)} %`,
    ].join('\n');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
