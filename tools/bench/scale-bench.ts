/**
 * Scale-out figures (issue 20): monthly payroll with trace against the server as `npm start` runs it,
 * on PostgreSQL with Redis and on PostgreSQL alone, as one worker, two workers (PAYROLL_WORKERS=2) and
 * two separate server processes on two ports (two machines, load spread by the client). Per run: req/s,
 * p50/p99, the servers' CPU per request, and what each request costs the shared stores: PostgreSQL
 * transactions and Redis commands per request. Then the bytes of one answer, plain and compressed, and
 * a one-worker run whose clients ask for br.
 *
 * Each run is measured after 10 s of load (warm-up), long enough for each worker's code to be optimised
 * (with 1 s, two workers' compiler threads were still busy in the measured run), and the servers' CPU is
 * also given for their main threads alone, so that the helper threads' share (compiler, GC) shows.
 *
 * The topologies take turns run by run, and "CPU vs 1 worker" is the median of each run's ratio to the
 * one-worker run of the same turn: on a machine whose state drifts over the bench's minutes (the ratio of
 * one build moved from 1.05x to 1.64x between runs of the whole bench), all of one topology's runs first
 * and the next's after measured the drift as much as the topology.
 *
 * The stores are the bench's own, so the counts are the server's alone on a machine others share: a new
 * database (CREATE DATABASE on PAYROLL_BENCH_POSTGRES_URL, default the local server's `postgres`
 * database; dropped at the end), whose transactions pg_stat_database counts, and a private redis-server
 * on a free port (no persistence), whose INFO commandstats counts every command. PostgreSQL publishes a
 * backend's counts at most once a second and at its exit, so transactions are read before the servers
 * start and after they stopped, and divided by every request of the servers' life (warm-up included;
 * the start-up's and the profile PUT's few transactions are in the count too).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { createAccountWithKey } from '../../server/app/accounts.ts';
import { openPostgresStore } from '../../server/app/store/postgres.ts';
import { benchEnv, benchTargets, CONNECTIONS, loadAcross, type Figures, type Target } from './http-bench.ts';
import { formatRatio, pairedRatio } from './ratios.ts';
import { recordAnswer, startBareServer } from './references.ts';
import { BENCH_COMPANY, BENCH_PROFILE_PUT } from './sample-requests.ts';
import { freePort, startServerProcess, type ServerProcess } from './server-process.ts';
import { fmt, median, medianOf, table } from './stats.ts';

const ADMIN_URL = process.env.PAYROLL_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type TopologyName = '1 worker' | '2 workers' | '2 processes';
type StoresName = 'PostgreSQL + Redis' | 'PostgreSQL alone';

interface Topology {
  name: TopologyName;
  processes: number;
  workers: number;
}
const TOPOLOGIES: Topology[] = [
  { name: '1 worker', processes: 1, workers: 1 },
  { name: '2 workers', processes: 1, workers: 2 },
  { name: '2 processes', processes: 2, workers: 1 },
];

interface Stores {
  name: StoresName;
  redis: boolean;
}

interface Row extends Figures {
  pgPerRequest: number;
  redisPerRequest: number;
  /**
   * The limiter's round trips (`scripts` in startRedis's commands()) per request sent, and Redis's commands
   * per request sent. Sent, not answered: autocannon stops with a request in flight on each connection,
   * which the server has most often checked already. When the limiter ran one script a request, two quick
   * runs counted 1.12 and 1.05 script calls per answered request, and 1.000 per request sent. So a request
   * that makes one round trip counts at most 1.000, and a second round trip for some requests shows above
   * it (tools/bench/targets.ts). The limiter now claims points in batches: a few claims a second in all.
   */
  redisScriptsPerSent: number;
  redisCommandsPerSent: number;
}

/** A row of the table as figures: the medians of the runs, and the medians of each run's ratio to the one-worker run of its turn. */
interface ScaleRow extends Row {
  cpuVsOneWorker: number;
  rpsVsOneWorker: number;
}

/** The scale section's report, and its figures for issue 20's targets (rows absent when skipped). */
export interface ScaleBench {
  text: string;
  figures: {
    rows: Partial<Record<`${StoresName}, ${TopologyName}`, ScaleRow>>;
    /** Bytes of one monthly-with-trace answer. */
    bytes?: { plain: number; br: number; gzip: number };
    /** The bare server sending the same answer, in turns with each one-worker run: its CPU µs per request and the one worker's ratio to it. */
    bare: Partial<Record<StoresName, { cpuUsPerRequest: number; ratio: number }>>;
  };
}

async function adminQuery(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await c.query(sql, params);
  } finally {
    await c.end();
  }
}

/** Committed and rolled-back transactions of a database so far (a new connection: a fresh statistics snapshot). */
async function transactions(db: string): Promise<number> {
  const r = await adminQuery('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1', [db]);
  return Number(r.rows[0]?.n ?? 0);
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end('PING\r\n'));
    socket.once('data', (d) => resolve(d.toString().startsWith('+PONG')));
    socket.once('error', () => resolve(false));
  });
}

/** A private redis-server: every command it counts is the bench servers'. */
async function startRedis(): Promise<{ url: string; commands(): Promise<{ all: number; scripts: number }>; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  let gone = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => ((gone = true), resolve())));
  child.once('error', () => (gone = true)); // not installed
  // listening within a few hundred milliseconds; until then a connection is refused
  for (let tries = 0; !(await answersPing(port)); tries++) {
    if (gone || tries > 200) throw new Error('redis-server did not start');
    await new Promise((r) => setTimeout(r, 20));
  }
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true });
  await client.connect();
  return {
    url: `redis://127.0.0.1:${port}`,
    // all: every command but INFO (this reader's own, and clients' ready checks at connect), the commands
    // a script runs inside Redis included. scripts: the script calls that ran (EVALSHA or EVAL), which are
    // the limiter's round trips, one per claim of points (a claim serves many requests). Calls that failed
    // are left out: they are ioredis's EVALSHA refused with NOSCRIPT (commandstats' failed_calls) until the
    // script is in this Redis, each retried as EVAL, so a few at the first claims and none after
    async commands() {
      const text = await client.info('commandstats');
      let all = 0;
      let scripts = 0;
      for (const m of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)(?:.*,failed_calls=(\d+))?/gm)) {
        if (m[1] !== 'info') all += Number(m[2]);
        if (m[1] === 'evalsha' || m[1] === 'eval') scripts += Number(m[2]) - Number(m[3] ?? 0);
      }
      return { all, scripts };
    },
    async stop() {
      client.disconnect();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function answerBytes(url: string, key: string, t: Target, acceptEncoding?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'X-API-Key': key, 'Content-Type': 'application/json' };
    if (acceptEncoding) headers['Accept-Encoding'] = acceptEncoding;
    const req = http.request(url + t.path, { method: t.method, headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(t.body);
  });
}

interface Run {
  servers: ServerProcess[];
  stop(): Promise<void>;
}

async function startServers(env: NodeJS.ProcessEnv, topology: Topology): Promise<Run> {
  const servers: ServerProcess[] = [];
  const stop = async () => {
    for (const s of servers) await s.stop();
  };
  try {
    for (let i = 0; i < topology.processes; i++)
      servers.push(await startServerProcess({ ...env, PAYROLL_WORKERS: String(topology.workers) }));
  } catch (err) {
    await stop();
    throw err;
  }
  return { servers, stop };
}

export async function benchScale(runs: number, seconds: number, warmUpSeconds: number): Promise<ScaleBench> {
  const db = `payroll_bench_${randomBytes(4).toString('hex')}`;
  const scaleFigures: ScaleBench['figures'] = { rows: {}, bare: {} };
  try {
    await adminQuery(`CREATE DATABASE ${db}`);
  } catch (err) {
    return {
      text: `## Scale-out\nskipped: PostgreSQL at PAYROLL_BENCH_POSTGRES_URL (${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}) did not answer: ${(err as Error).message}`,
      figures: scaleFigures,
    };
  }
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${db}` }).toString();
  const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-scale-'));
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
  let bare: ServerProcess | undefined;
  const lines: string[] = [];
  try {
    const store = await openPostgresStore({ connectionString: dbUrl });
    const { api_key: key } = await createAccountWithKey(store, 'bench', 'standard');
    await store.close();
    try {
      redis = await startRedis();
    } catch (err) {
      lines.push(`PostgreSQL + Redis skipped: no redis-server could be started (${(err as Error).message})`);
    }
    const [trace] = benchTargets();
    const storeKinds: Stores[] = [
      ...(redis ? [{ name: 'PostgreSQL + Redis', redis: true } as const] : []),
      { name: 'PostgreSQL alone', redis: false },
    ];
    const rows: string[][] = [];
    let bytes: string | undefined;
    let compressed: { rows: string[][] } | undefined;
    for (const kind of storeKinds) {
      const env: NodeJS.ProcessEnv = {
        ...benchEnv(dir),
        PAYROLL_DATABASE_URL: dbUrl,
        ...(kind.redis ? { PAYROLL_REDIS_URL: redis!.url } : {}),
      };
      // the topologies take turns, run by run (1 worker, 2 workers, 2 processes, then again): a machine whose
      // state drifts over the minutes of the bench moves them alike, and each run's ratio to the 1-worker
      // run beside it is what "CPU vs 1 worker" takes the median of
      const perRun: Row[][] = TOPOLOGIES.map(() => []);
      // the bare server's CPU per request, loaded right after each one-worker run (A B A B)
      const bareRuns: number[] = [];
      for (let run = 0; run < runs; run++) {
        for (const [t, topology] of TOPOLOGIES.entries()) {
          // read before the start: the servers' start-up and the profile PUT count too (a few transactions per run)
          const pgBefore = await transactions(db);
          const { servers, stop } = await startServers(env, topology);
          let requests = 0;
          let sent = 0;
          let redisBefore = { all: 0, scripts: 0 };
          let redisAfter = { all: 0, scripts: 0 };
          let figures: Figures;
          try {
            const put = await fetch(`${servers[0].url}/cp/v1/companies/${BENCH_COMPANY}/calculation-profile`, {
              method: 'PUT',
              headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
              body: JSON.stringify(BENCH_PROFILE_PUT),
            });
            if (put.status !== 200) throw new Error(`the profile PUT answered ${put.status}`);
            redisBefore = (await redis?.commands()) ?? redisBefore;
            // warm-up (JIT, caches, pools): counted for the store figures, not for CPU and latency. Long
            // enough for every worker's code to be optimised: each of two workers gets half the requests,
            // and with a warm-up of 1 s their compiler threads were still busy in the measured run
            const warm = await loadAcross(servers, key, trace, warmUpSeconds);
            figures = await loadAcross(servers, key, trace, seconds);
            requests += warm.requests + figures.requests;
            sent += warm.sent + figures.sent;
            redisAfter = (await redis?.commands()) ?? redisAfter;
            if (topology.workers === 1 && topology.processes === 1) {
              if (!bare) {
                const answer = await recordAnswer(
                  servers[0].url + trace.path,
                  trace.method,
                  { 'X-API-Key': key, 'Content-Type': 'application/json' },
                  trace.body,
                );
                if (answer.status !== 200) throw new Error(`the monthly request answered ${answer.status}`);
                bare = await startBareServer(dir, [answer], benchEnv(dir));
                await loadAcross([bare], key, trace, warmUpSeconds);
              }
              bareRuns.push((await loadAcross([bare], key, trace, seconds)).cpuUsPerRequest);
            }
            if (!bytes && kind.redis === storeKinds[0].redis && topology.workers === 1 && topology.processes === 1) {
              const [plain, br, gzip] = await Promise.all([
                answerBytes(servers[0].url, key, trace),
                answerBytes(servers[0].url, key, trace, 'br'),
                answerBytes(servers[0].url, key, trace, 'gzip'),
              ]);
              scaleFigures.bytes = { plain, br, gzip };
              bytes = `bytes per monthly-with-trace answer: plain ${fmt(plain)}, br ${fmt(br)} (${fmt((br / plain) * 100, 1)} %), gzip ${fmt(gzip)} (${fmt((gzip / plain) * 100, 1)} %)`;
              const withBr = await loadAcross(servers, key, trace, seconds, CONNECTIONS, { 'Accept-Encoding': 'br' });
              const withGzip = await loadAcross(servers, key, trace, seconds, CONNECTIONS, { 'Accept-Encoding': 'gzip' });
              compressed = {
                rows: [
                  ['plain (no Accept-Encoding)', ...latencyCells(figures)],
                  ['Accept-Encoding: br', ...latencyCells(withBr)],
                  ['Accept-Encoding: gzip', ...latencyCells(withGzip)],
                ],
              };
            }
          } finally {
            await stop();
          }
          // the stopped servers' backends have published their counts at exit
          await new Promise((r) => setTimeout(r, 300));
          const pgAfter = await transactions(db);
          perRun[t].push({
            ...figures!,
            pgPerRequest: (pgAfter - pgBefore) / Math.max(1, requests),
            redisPerRequest: (redisAfter.all - redisBefore.all) / Math.max(1, requests),
            redisScriptsPerSent: (redisAfter.scripts - redisBefore.scripts) / Math.max(1, sent),
            redisCommandsPerSent: (redisAfter.all - redisBefore.all) / Math.max(1, sent),
          });
        }
      }
      const oneWorker = perRun[0]; // TOPOLOGIES[0] is one worker
      const bareRatio = pairedRatio({ figure: oneWorker.map((r) => r.cpuUsPerRequest), reference: bareRuns });
      scaleFigures.bare[kind.name] = { cpuUsPerRequest: median(bareRuns), ratio: bareRatio };
      lines.push(
        `${kind.name}, 1 worker vs a bare node:http server sending the same bytes (loaded after each one-worker run): ` +
          `${fmt(median(oneWorker.map((r) => r.cpuUsPerRequest)))} vs ${fmt(median(bareRuns), 1)} µs server CPU per request, ${formatRatio(bareRatio)}`,
      );
      for (const [t, topology] of TOPOLOGIES.entries()) {
        const m = medianOf(perRun[t]);
        const ratios = perRun[t].map((r, run) => r.cpuUsPerRequest / oneWorker[run].cpuUsPerRequest);
        const rpsRatios = perRun[t].map((r, run) => r.rps / oneWorker[run].rps);
        scaleFigures.rows[`${kind.name}, ${topology.name}`] = { ...m, cpuVsOneWorker: median(ratios), rpsVsOneWorker: median(rpsRatios) };
        rows.push([
          `${kind.name}, ${topology.name}`,
          fmt(m.rps),
          fmt(m.p50, 1),
          fmt(m.p99, 1),
          fmt(m.cpuUsPerRequest),
          fmt(m.mainThreadCpuUsPerRequest),
          fmt(median(ratios), 2),
          fmt(m.pgPerRequest, 3),
          // three places: the limiter's claims are a few a second, a few thousandths of a command a request
          kind.redis ? fmt(m.redisPerRequest, 3) : '0',
          fmt(m.non2xx),
        ]);
      }
    }
    lines.push(
      table(
        [
          'stores, topology',
          'req/s',
          'p50 ms',
          'p99 ms',
          'server CPU us/req',
          'main threads us/req',
          'CPU vs 1 worker',
          'PG xact/req',
          'Redis cmds/req',
          'non-2xx',
        ],
        rows,
      ),
    );
    if (bytes) lines.push(bytes);
    if (compressed) {
      lines.push(
        `one worker, ${storeKinds[0].name}, clients asking for a coding (${seconds} s each):`,
        table(['monthly with trace', 'req/s', 'p50 ms', 'p99 ms', 'server CPU us/req'], compressed.rows),
      );
    }
    const text = [
      `## Scale-out (monthly payroll with trace, autocannon ${CONNECTIONS} connections in all, ${seconds} s per run after ${warmUpSeconds} s of warm-up, median of ${runs})`,
      '2 processes: two servers on two ports, half the connections each; CPU is both process groups, p99 the worse of the two',
      "PG xact/req and Redis cmds/req: counted in the bench's own database and redis-server over the servers' whole load (warm-up included)",
      ...lines,
    ].join('\n');
    return { text, figures: scaleFigures };
  } finally {
    await bare?.stop();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
    await adminQuery(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
  }
}

function latencyCells(f: Figures): string[] {
  return [fmt(f.rps), fmt(f.p50, 1), fmt(f.p99, 1), fmt(f.cpuUsPerRequest)];
}
