/**
 * npm run bench: every performance figure of the service in one report (docs/performance.md) -- the
 * machine, Node and date first, then the median of several runs of: the engine per calculation type,
 * the per-line overheads around it, HTTP with autocannon against the server process, start-up, and
 * the batch command. Figures only: no test asserts a timing. Each figure is shown beside its ratio to a
 * reference measured in turns with it in the same run (tools/bench/references.ts, ratios.ts), which is
 * what a run on a loaded or another machine can be judged by. With --targets, the sections the targets
 * need and a table judging each, by its ratio where it has a reference (tools/bench/targets.ts).
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { benchBatch, benchBatchMillion } from './bench/batch-bench.ts';
import { benchBatchHttp } from './bench/batch-http-bench.ts';
import { benchEngine } from './bench/engine-bench.ts';
import { benchHttp } from './bench/http-bench.ts';
import { benchScale } from './bench/scale-bench.ts';
import { benchStartup } from './bench/startup-bench.ts';
import { table } from './bench/stats.ts';
import { judge, type TargetFigures } from './bench/targets.ts';

const SECTIONS = ['engine', 'http', 'batch-http', 'scale', 'startup', 'batch'] as const;
type Section = (typeof SECTIONS)[number];
/** Run when no --only is given; scale starts its own PostgreSQL database and redis-server, so it is asked for. */
const DEFAULT_SECTIONS: Section[] = ['engine', 'http', 'batch-http', 'startup', 'batch'];
/** Run by --targets when no --only is given: every section a target reads (its batch is the million-line run). */
const TARGET_SECTIONS: Section[] = ['engine', 'http', 'scale', 'startup', 'batch'];

const HELP = `Usage: npm run bench [-- --quick] [-- --http | --targets] [-- --only engine,http,batch-http,scale,startup,batch] [-- --runs N]

  --quick          short runs (one run each, small batch files): checks that every figure is produced
  --http           the HTTP figures: sections http and scale (1 worker, 2 workers, 2 processes on
                   PostgreSQL + Redis and PostgreSQL alone; store round trips per request; bytes)
  --targets        the targets: sections engine, http, scale, startup and, for batch, \`npm run batch\`
                   of 1,000,000 monthly payrolls with trace (1,000 with --quick: not judged), then one
                   table of each target's ratio to its same-run reference, its figure, limit and met /
                   not met (limits: tools/bench/targets.ts); with --only, the targets of those sections alone
  batch-http       (a section) the server's CPU per item of POST /v1/payroll/monthly:batch-calculate
                   beside the single call's per request, in turns in the same run
  --only LIST      run only these sections (comma-separated: ${SECTIONS.join(', ')}; default all but scale)
  --runs N         runs per figure, the median is reported (default 3; 1 with --quick)
  --help           this text`;

function fail(message: string): never {
  process.stderr.write(`bench: ${message}. See --help.\n`);
  process.exit(2);
}

let values;
try {
  values = parseArgs({
    options: {
      quick: { type: 'boolean' },
      http: { type: 'boolean' },
      targets: { type: 'boolean' },
      only: { type: 'string' },
      runs: { type: 'string' },
      help: { type: 'boolean' },
    },
  }).values;
} catch (err) {
  fail((err as Error).message);
}
if (values.help) {
  process.stdout.write(HELP + '\n');
  process.exit(0);
}
const quick = values.quick ?? false;
const targets = values.targets ?? false;
const only = (values.only?.split(',').map((s) => s.trim()) ??
  (targets ? TARGET_SECTIONS : values.http ? ['http', 'scale'] : DEFAULT_SECTIONS)) as Section[];
for (const s of only) if (!SECTIONS.includes(s)) fail(`unknown section ${JSON.stringify(s)} (one of ${SECTIONS.join(', ')})`);
if (values.runs !== undefined && !/^[1-9]\d*$/.test(values.runs))
  fail(`--runs must be a positive integer, got ${JSON.stringify(values.runs)}`);
const runs = values.runs ? Number(values.runs) : quick ? 1 : 3;

const cpu = cpus();
console.log('# Payroll service benchmark');
console.log(
  `machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores; load average at start ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`node ${process.version}; ${new Date().toISOString()}; ${quick ? 'quick mode' : 'full mode'}, median of ${runs} run(s)`);

/** What the sections measured of issue 20's targets (--targets). */
const figures: TargetFigures = {};
const sections: Record<Section, () => Promise<string> | string> = {
  engine: () => {
    const { text, figures: f } = benchEngine(runs, quick ? 200 : 2_000);
    figures.engineTracePerSecond = f.monthlyWithTrace.perSecond;
    figures.engineTraceRatio = f.monthlyWithTraceRatio;
    figures.engineReferencePerCpuSecond = f.referencePerCpuSecond;
    return text;
  },
  http: async () => {
    const { text, figures: f } = await benchHttp(runs, quick ? 1 : 5);
    Object.assign(figures, f);
    return text;
  },
  'batch-http': async () => (await benchBatchHttp(runs, quick ? 200 : 2_000)).text,
  scale: async () => {
    const { text, figures: f } = await benchScale(runs, quick ? 1 : 5, quick ? 1 : 10);
    const oneWorker = f.rows['PostgreSQL + Redis, 1 worker'];
    Object.assign(figures, {
      serverCpuUs: oneWorker?.cpuUsPerRequest,
      p99Ms: oneWorker?.p99,
      pgTransactionsPerRequest: oneWorker?.pgPerRequest,
      redisScriptCallsPerRequest: oneWorker?.redisScriptsPerSent,
      redisCommandsPerRequest: oneWorker?.redisCommandsPerSent,
      cpuRatioRedis: f.rows['PostgreSQL + Redis, 2 workers']?.cpuVsOneWorker,
      cpuRatioPostgres: f.rows['PostgreSQL alone, 2 workers']?.cpuVsOneWorker,
      rpsRatioPostgres: f.rows['PostgreSQL alone, 2 workers']?.rpsVsOneWorker,
      brPercent: f.bytes && (f.bytes.br / f.bytes.plain) * 100,
      gzipPercent: f.bytes && (f.bytes.gzip / f.bytes.plain) * 100,
      bareServerCpuUs: f.bare['PostgreSQL + Redis']?.cpuUsPerRequest,
      serverCpuRatio: f.bare['PostgreSQL + Redis']?.ratio,
    } satisfies TargetFigures);
    return text;
  },
  startup: async () => {
    const { text, figures: f } = await benchStartup(quick ? 1 : Math.max(runs, 5));
    figures.startupMs = f.medianMs;
    figures.startupReferenceMs = f.referenceMs;
    figures.startupRatio = f.ratio;
    return text;
  },
  batch: async () => {
    if (!targets) return benchBatch(runs, quick ? { withoutTrace: 2_000, withTrace: 1_000 } : { withoutTrace: 100_000, withTrace: 20_000 });
    const { text, figures: f } = await benchBatchMillion(quick ? 1_000 : 1_000_000);
    figures.batchSeconds = f.seconds;
    figures.batchLines = f.lines;
    figures.batchReferenceLinesPerSecond = f.referenceLinesPerSecond;
    figures.batchRatio = f.ratio;
    return text;
  },
};
// The speed devices that rest on V8's layouts are asked of V8 first (test/perf-guards, natives syntax):
// a guard that fails names the device that no longer holds on this Node before its figures show it.
const guards = spawnSync(join(import.meta.dirname, '../node_modules/.bin/vitest'), ['run'], {
  cwd: join(import.meta.dirname, '..'),
  env: { ...process.env, PERF_GUARDS: '1' },
  encoding: 'utf8',
});
// eslint-disable-next-line no-control-regex -- the colour codes of vitest's summary
const guardsLine = /Tests\s+.*$/m.exec(guards.stdout.replace(/\x1b\[[0-9;]*m/g, ''))?.[0].trim() ?? 'no summary';
console.log(`\nperf guards (npm run perf:guards): ${guards.status === 0 ? 'held' : 'FAILED'}, ${guardsLine}`);
if (guards.status !== 0) {
  console.log(guards.stdout + guards.stderr);
  process.exitCode = 1;
}

for (const s of SECTIONS) {
  if (!only.includes(s)) continue;
  console.log('\n' + (await sections[s]()));
}
if (targets) {
  const rows = judge(figures);
  console.log(
    [
      `\n## Issue 20's targets (this run${quick ? ', quick mode: one short run each, indicative only' : ''}; limits in tools/bench/targets.ts)`,
      table(
        ['target', 'measured', 'limit', 'status'],
        rows.map((r) => [r.target, r.measured, r.limit, r.status]),
      ),
      `${rows.filter((r) => r.status === 'met').length} of ${rows.length} met`,
    ].join('\n'),
  );
}
console.log(
  `\nload average at end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
