/**
 * Scale-out figures (issue 20): the server as `npm start` runs it on PostgreSQL, with the rate limit in
 * PostgreSQL or in a Redis of its own, as one worker, two node:cluster workers, or two separate processes
 * on two ports (as two machines would be); autocannon at 32 connections (16 per process for two processes)
 * on monthly payroll with trace. Prints per setting: req/s, p50/p99, server CPU µs per request, and what
 * each request cost the shared backends (PostgreSQL transactions, Redis commands), read from the backends
 * themselves (scale-out/backend-counters.ts). The rate limit is high enough never to refuse, but every
 * request still goes through it.
 *
 *   npm run measure:scale-out -- [--seconds 5] [--only pg-1,pg-2,pg-2p,redis-1,redis-2,redis-2p]
 *
 * PAYROLL_TEST_DATABASE_URL (or postgres://postgres@127.0.0.1:5432/test) is the database; each setting
 * gets a fresh schema in it, dropped afterwards. Needs `npm run build` (dist/) and redis-server.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { createAccountWithKey } from '../server/app/accounts.ts';
import { openPostgresStore } from '../server/app/store/postgres.ts';
import { BENCH_COMPANY, BENCH_PROFILE_PUT, monthlyRequest } from './bench/sample-requests.ts';
import { startServerProcess, type ServerProcess } from './bench/server-process.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  postgresTransactions,
  redisScriptCalls,
  STATS_FLUSH_MS,
  startPrivateRedis,
  type PrivateRedis,
} from './scale-out/backend-counters.ts';

const CONNECTIONS = 32;
const PATH = '/v1/payroll/monthly:calculate';

interface Setting {
  name: string;
  limiter: 'postgres' | 'redis';
  /** node:cluster workers per process */
  workers: number;
  /** separate server processes, each on its own port */
  processes: number;
}

const SETTINGS: Setting[] = [
  { name: 'pg-1', limiter: 'postgres', workers: 1, processes: 1 },
  { name: 'pg-2', limiter: 'postgres', workers: 2, processes: 1 },
  { name: 'pg-2p', limiter: 'postgres', workers: 1, processes: 2 },
  { name: 'redis-1', limiter: 'redis', workers: 1, processes: 1 },
  { name: 'redis-2', limiter: 'redis', workers: 2, processes: 1 },
  { name: 'redis-2p', limiter: 'redis', workers: 1, processes: 2 },
];

interface Row {
  setting: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  cpuUsPerRequest: number;
  pgPerRequest: number;
  redisPerRequest: number | null;
}

async function withSchema<T>(baseUrl: string, work: (url: string, schema: string) => Promise<T>): Promise<T> {
  const schema = `measure_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    return await work(url.toString(), schema);
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

/** autocannon on each server at once, connections split between them; latencies of the busier half. */
async function loadAll(servers: ServerProcess[], key: string, seconds: number) {
  const body = JSON.stringify(monthlyRequest(1, true));
  const results = await Promise.all(
    servers.map((s) =>
      autocannon({
        url: s.url + PATH,
        method: 'POST',
        connections: CONNECTIONS / servers.length,
        duration: seconds,
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body,
      }),
    ),
  );
  return {
    requests: results.reduce((n, r) => n + r.requests.total, 0),
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((n, r) => n + r.non2xx + r.errors, 0),
  };
}

async function measure(baseUrl: string, setting: Setting, seconds: number): Promise<Row> {
  let redis: PrivateRedis | undefined;
  if (setting.limiter === 'redis') redis = await startPrivateRedis();
  try {
    return await withSchema(baseUrl, async (url, schema) => {
      const seed = await openPostgresStore({ connectionString: baseUrl, schema, maxConnections: 1 });
      const { api_key: key } = await createAccountWithKey(seed, 'measure', 'standard');
      await seed.close();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PAYROLL_DATABASE_URL: url,
        PAYROLL_WORKERS: String(setting.workers),
        PAYROLL_RATE_LIMIT_BACKEND: setting.limiter,
        PAYROLL_RATE_LIMIT_PER_SECOND: '1000000',
        PAYROLL_RATE_LIMIT_BURST: '1000000',
        LOG_LEVEL: 'warn',
      };
      if (redis) env.PAYROLL_REDIS_URL = redis.url;
      else delete env.PAYROLL_REDIS_URL;
      const servers: ServerProcess[] = [];
      let run: Awaited<ReturnType<typeof loadAll>>;
      let cpuMs: number;
      let transactions: number;
      let redisCalls = 0;
      try {
        for (let i = 0; i < setting.processes; i++) servers.push(await startServerProcess(env));
        const put = await fetch(`${servers[0]!.url}/cp/v1/companies/${BENCH_COMPANY}/calculation-profile`, {
          method: 'PUT',
          headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
          body: JSON.stringify(BENCH_PROFILE_PUT),
        });
        if (put.status !== 200) throw new Error(`the profile PUT answered ${put.status}`);
        await loadAll(servers, key, 1); // JIT, caches, the change feed listening
        // Start-up, PUT and warm-up out of the count: every backend has flushed its figures by then.
        await sleep(STATS_FLUSH_MS);
        const before = await postgresTransactions(baseUrl);
        const redisBefore = redis ? await redisScriptCalls(redis.url) : 0;
        const cpuBefore = servers.reduce((n, s) => n + s.cpu().allMs, 0);
        run = await loadAll(servers, key, seconds);
        cpuMs = servers.reduce((n, s) => n + s.cpu().allMs, 0) - cpuBefore;
        if (redis) redisCalls = (await redisScriptCalls(redis.url)) - redisBefore;
        // Stopped before the "after" reading: a backend's last figures are flushed when it exits.
        for (const s of servers.splice(0)) await s.stop();
        await sleep(1500);
        // less the "before" reading's own transaction
        transactions = (await postgresTransactions(baseUrl)) - before - 1;
      } finally {
        for (const s of servers) await s.stop();
      }
      const result = run;
      return {
        setting: setting.name,
        requests: result.requests,
        rps: result.rps,
        p50: result.p50,
        p99: result.p99,
        non2xx: result.non2xx,
        cpuUsPerRequest: (cpuMs * 1000) / Math.max(1, result.requests),
        pgPerRequest: transactions / Math.max(1, result.requests),
        redisPerRequest: redis ? redisCalls / Math.max(1, result.requests) : null,
      };
    });
  } finally {
    await redis?.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, only: { type: 'string' } } });
  const seconds = Number(values.seconds);
  const wanted = values.only ? new Set(values.only.split(',')) : null;
  const baseUrl = process.env.PAYROLL_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  process.stdout.write(
    `# scale-out measurement ${new Date().toISOString()}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n\n`,
  );
  process.stdout.write('| setting | req/s | p50 ms | p99 ms | non-2xx | server CPU µs/req | PG xact/req | Redis round trips/req |\n');
  process.stdout.write('|---|---|---|---|---|---|---|---|\n');
  for (const setting of SETTINGS) {
    if (wanted && !wanted.has(setting.name)) continue;
    const r = await measure(baseUrl, setting, seconds);
    process.stdout.write(
      `| ${r.setting} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${Math.round(r.cpuUsPerRequest)} | ${r.pgPerRequest.toFixed(3)} | ${r.redisPerRequest === null ? '-' : r.redisPerRequest.toFixed(2)} |\n`,
    );
  }
  process.stdout.write(
    `\nload average at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
}

await main();
