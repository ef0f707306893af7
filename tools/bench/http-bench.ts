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
import { createAccountWithKey } from '../../server/app/accounts.ts';
import { openPostgresStore } from '../../server/app/store/postgres.ts';
import { openSqliteStore } from '../../server/app/store/sqlite.ts';
import { formatRatio, pairedRatio } from './ratios.ts';
import { recordAnswer, startBareServer } from './references.ts';
import { BENCH_COMPANY, BENCH_PROFILE_PUT, monthlyRequest, yearEndRequest } from './sample-requests.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { fmt, medianOf, table } from './stats.ts';

export const CONNECTIONS = 32;

export interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface Figures extends Record<string, number> {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  requests: number;
  /** Requests sent: `requests` (answered) and those still in flight when autocannon stopped (at most one a connection). */
  sent: number;
  cpuUsPerRequest: number;
  /**
   * The part of it spent on the servers' main threads (JavaScript, parsing, the sockets); the rest is
   * V8's helper threads: the optimising compiler while the code warms up, the concurrent GC.
   */
  mainThreadCpuUsPerRequest: number;
  /** The same for this process (autocannon): near 1e6 / req/s, the client and not the server is the limit. */
  clientCpuUsPerRequest: number;
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
  // node options for the servers alone (NODE_OPTIONS would apply to the bench's own process, the load generator, too)
  if (process.env.PAYROLL_BENCH_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.PAYROLL_BENCH_SERVER_NODE_OPTIONS;
  delete env.PAYROLL_DATABASE_URL;
  delete env.PAYROLL_REDIS_URL;
  return env;
}

export async function load(server: ServerProcess, key: string, t: Target, seconds: number, connections = CONNECTIONS): Promise<Figures> {
  return loadAcross([server], key, t, seconds, connections);
}

/**
 * autocannon against every server at once (as a load balancer would spread clients over machines),
 * `connections` split evenly among them; CPU is the sum over the servers' process groups. p50 is the
 * request-weighted mean of each load's p50, p99 the worst of their p99s. `headers` are added to each
 * request (Accept-Encoding for the compressed runs).
 */
export async function loadAcross(
  servers: ServerProcess[],
  key: string,
  t: Target,
  seconds: number,
  connections = CONNECTIONS,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const cpuOf = () =>
    servers.reduce(
      (sum, s) => {
        const { allMs, mainThreadsMs } = s.cpu();
        return { allMs: sum.allMs + allMs, mainThreadsMs: sum.mainThreadsMs + mainThreadsMs };
      },
      { allMs: 0, mainThreadsMs: 0 },
    );
  const cpuBefore = cpuOf();
  const clientBefore = process.cpuUsage();
  const results = await Promise.all(
    servers.map((server) =>
      autocannon({
        url: server.url + t.path,
        method: t.method,
        connections: Math.max(1, Math.round(connections / servers.length)),
        duration: seconds,
        headers: { 'X-API-Key': key, ...(t.body ? { 'Content-Type': 'application/json' } : {}), ...headers },
        body: t.body,
      }),
    ),
  );
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  const requests = Math.max(1, total);
  const cpuAfter = cpuOf();
  const cpuUsPerRequest = ((cpuAfter.allMs - cpuBefore.allMs) * 1000) / requests;
  const mainThreadCpuUsPerRequest = ((cpuAfter.mainThreadsMs - cpuBefore.mainThreadsMs) * 1000) / requests;
  const client = process.cpuUsage(clientBefore);
  const clientCpuUsPerRequest = (client.user + client.system) / requests;
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: results.reduce((sum, r) => sum + r.latency.p50 * r.requests.total, 0) / requests,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    requests: total,
    sent: results.reduce((sum, r) => sum + r.requests.sent, 0),
    cpuUsPerRequest,
    mainThreadCpuUsPerRequest,
    clientCpuUsPerRequest,
  };
}

/** Monthly with trace, monthly without trace, the cheapest authenticated route. */
export function benchTargets(): [Target, Target, Target] {
  return [
    {
      name: 'POST /v1/payroll/monthly:calculate, with trace',
      method: 'POST',
      path: '/v1/payroll/monthly:calculate',
      body: JSON.stringify(monthlyRequest(1, true)),
    },
    {
      name: 'POST /v1/payroll/monthly:calculate, without trace',
      method: 'POST',
      path: '/v1/payroll/monthly:calculate',
      body: JSON.stringify(monthlyRequest(1, false)),
    },
    {
      name: `GET /cp/v1/companies/${BENCH_COMPANY}/calculation-profile (cheapest)`,
      method: 'GET',
      path: `/cp/v1/companies/${BENCH_COMPANY}/calculation-profile`,
    },
  ];
}

export interface BenchServer {
  server: ServerProcess;
  key: string;
  /** Monthly with trace, monthly without trace, the cheapest authenticated route. */
  targets: [Target, Target, Target];
  stop(): Promise<void>;
}

/**
 * A temporary SQLite store with a standard-plan account, the server started on it (`command`, by
 * default `npm start`'s; `env` overrides the bench's environment) and the bench company's profile PUT.
 */
export async function startBenchServer(command?: string, env: NodeJS.ProcessEnv = {}): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-'));
  const fullEnv = { ...benchEnv(dir), ...env };
  // a PAYROLL_DATABASE_URL in env (an empty database) takes the place of the temporary SQLite file
  const databaseUrl = fullEnv.PAYROLL_DATABASE_URL;
  const store = databaseUrl ? await openPostgresStore({ connectionString: databaseUrl }) : openSqliteStore(fullEnv.PAYROLL_DB!);
  const { api_key: key } = await createAccountWithKey(store, 'bench', 'standard');
  await store.close();
  let server: ServerProcess | undefined;
  const stop = async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    server = await startServerProcess(fullEnv, command);
    const put = await fetch(`${server.url}/cp/v1/companies/${BENCH_COMPANY}/calculation-profile`, {
      method: 'PUT',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify(BENCH_PROFILE_PUT),
    });
    if (put.status !== 200) throw new Error(`the profile PUT answered ${put.status}`);
  } catch (err) {
    await stop();
    throw err;
  }
  const targets = benchTargets();
  return { server, key, targets, stop };
}

/** The routes of the HTTP section: benchTargets' three, a year-end adjustment and the liveness probe. */
export function httpSectionTargets(): Target[] {
  const [trace, noTrace, cheapest] = benchTargets();
  return [
    trace,
    noTrace,
    {
      name: 'POST /v1/payroll/year-end-adjustment:calculate',
      method: 'POST',
      path: '/v1/payroll/year-end-adjustment:calculate',
      body: JSON.stringify(yearEndRequest()),
    },
    cheapest,
    { name: 'GET /healthz', method: 'GET', path: '/healthz' },
  ];
}

/** The HTTP section's report, and the year-end adjustment's figures for the targets. */
export interface HttpBench {
  text: string;
  figures: { yeaServerCpuUs: number; yeaBareServerCpuUs: number; yeaServerCpuRatio: number };
}

/** The X-Bench-Answer header that picks route i's answer from the bare server (both servers are sent it). */
export function answerHeader(i: number): Record<string, string> {
  return { 'X-Bench-Answer': String(i) };
}

export async function benchHttp(runs: number, seconds: number): Promise<HttpBench> {
  const { server, key, stop } = await startBenchServer();
  const targets = httpSectionTargets();
  const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-bare-'));
  let bare: ServerProcess | undefined;
  try {
    const answers = [];
    for (const [i, t] of targets.entries()) {
      const headers = { 'X-API-Key': key, ...(t.body ? { 'Content-Type': 'application/json' } : {}), ...answerHeader(i) };
      const answer = await recordAnswer(server.url + t.path, t.method, headers, t.body);
      if (answer.status !== 200) throw new Error(`${t.name} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
      answers.push(answer);
    }
    bare = await startBareServer(dir, answers, benchEnv(dir));
    // Warm-up: JIT and caches, not counted.
    for (const [i, t] of targets.entries()) {
      await loadAcross([server], key, t, 1, CONNECTIONS, answerHeader(i));
      await loadAcross([bare], key, t, 1, CONNECTIONS, answerHeader(i));
    }
    const perRun: Figures[][] = targets.map(() => []);
    const barePerRun: Figures[][] = targets.map(() => []);
    // the service and the bare server take turns (A B A B), route by route and run by run
    for (let run = 0; run < runs; run++) {
      for (const [i, t] of targets.entries()) {
        perRun[i].push(await loadAcross([server], key, t, seconds, CONNECTIONS, answerHeader(i)));
        barePerRun[i].push(await loadAcross([bare], key, t, seconds, CONNECTIONS, answerHeader(i)));
      }
    }
    const med = perRun.map((r) => medianOf(r));
    const bareMed = barePerRun.map((r) => medianOf(r));
    const ratios = perRun.map((r, i) =>
      pairedRatio({ figure: r.map((f) => f.cpuUsPerRequest), reference: barePerRun[i].map((f) => f.cpuUsPerRequest) }),
    );
    const [trace, noTrace, , cheapest] = med;
    const rows = targets.map((t, i) => [
      t.name,
      fmt(med[i].rps),
      fmt(med[i].p50, 1),
      fmt(med[i].p99, 1),
      fmt(med[i].cpuUsPerRequest),
      fmt(bareMed[i].cpuUsPerRequest, 1),
      formatRatio(ratios[i]),
      fmt(med[i].clientCpuUsPerRequest),
      fmt(med[i].non2xx + bareMed[i].non2xx),
    ]);
    const text = [
      `## HTTP (server process from \`npm start\`'s command, PAYROLL_WORKERS=1, SQLite; autocannon ${CONNECTIONS} connections, ${seconds} s per run)`,
      `spawn to first answered request: ${fmt(server.startMs)} ms`,
      table(['route', 'req/s', 'p50 ms', 'p99 ms', 'server CPU us/req', 'bare us/req', 'vs bare', 'client CPU us/req', 'non-2xx'], rows),
      `server CPU per request: CPU time of the server process (user + system, /proc) over the run / requests answered; ${fmt(1e6 / trace.cpuUsPerRequest)} monthly-with-trace req/s per fully used core`,
      "bare: a node:http server sending the same bytes (tools/bench/bare-server.mjs), loaded after each run of each route; vs bare: the median of each run's ratio",
      `client CPU per request: the same for autocannon (this process); when it nears 1,000,000 / req/s, the client is the limit`,
      `ratio monthly with trace / cheapest route: ${fmt((trace.rps / cheapest.rps) * 100, 1)} %`,
      `ratio monthly without trace / cheapest route: ${fmt((noTrace.rps / cheapest.rps) * 100, 1)} %`,
      `ratio monthly with trace / without trace: ${fmt((trace.rps / noTrace.rps) * 100, 1)} %`,
    ].join('\n');
    return {
      text,
      figures: { yeaServerCpuUs: med[2].cpuUsPerRequest, yeaBareServerCpuUs: bareMed[2].cpuUsPerRequest, yeaServerCpuRatio: ratios[2] },
    };
  } finally {
    await bare?.stop();
    rmSync(dir, { recursive: true, force: true });
    await stop();
  }
}
