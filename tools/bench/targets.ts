/**
 * Issue 20's benchmark targets as data, and the judgement of measured figures against them
 * (`npm run bench -- --targets`). The limits are the issue's, exactly; all must be met on one machine
 * to close it. judge() is pure: the bench measures, this file only compares (test/bench/targets.test.ts).
 */

/** The figures the targets are judged on; a figure the run did not measure is absent. */
export interface TargetFigures {
  /** Server CPU µs per monthly-with-trace request, PostgreSQL + Redis, one worker (scale section, all threads). */
  serverCpuUs?: number;
  /** p99 ms at 32 connections, PostgreSQL + Redis, one worker (scale section). */
  p99Ms?: number;
  /** "CPU vs 1 worker" of two workers (the median of each run's ratio), PostgreSQL + Redis. */
  cpuRatioRedis?: number;
  /** The same, PostgreSQL alone. */
  cpuRatioPostgres?: number;
  /** req/s of two workers over one (the median of each run's ratio), PostgreSQL alone. */
  rpsRatioPostgres?: number;
  /** PostgreSQL transactions per request, PostgreSQL + Redis, one worker. */
  pgTransactionsPerRequest?: number;
  /** Redis script calls per request sent, PostgreSQL + Redis, one worker (scale-bench.ts: what is counted, and why). */
  redisScriptCallsPerRequest?: number;
  /** Redis commands per request sent (commandstats' total, the script's own commands included): shown beside the script calls. */
  redisCommandsPerRequest?: number;
  /** A br-compressed monthly-with-trace answer, in % of the plain one. */
  brPercent?: number;
  /** The same for gzip. */
  gzipPercent?: number;
  /** Engine, monthly payrolls with trace per second on one core (the engine section's calc/s). */
  engineTracePerSecond?: number;
  /** Wall seconds of `npm run batch` from spawn to exit, monthly with trace, `--trace compact`. */
  batchSeconds?: number;
  /** The lines of that batch run: the target is for exactly a million. */
  batchLines?: number;
  /** Start-up: spawn to the first answered request, median ms (startup section). */
  startupMs?: number;
}

type FigureKey = keyof TargetFigures;

interface Target {
  name: string;
  figure: FigureKey;
  unit: string;
  comparison: '<=' | '>=';
  limit: number;
  /** Decimals shown. */
  digits: number;
  /** Judged only when another figure has this value (the batch: a million lines); otherwise "not measured". */
  only?: { figure: FigureKey; value: number; otherwise: (f: TargetFigures) => string };
  /** Shown after the figure, when that figure was measured. */
  also?: { figure: FigureKey; text: (v: number) => string };
}

export const TARGETS: readonly Target[] = [
  {
    name: 'server CPU per monthly-with-trace request, 1 worker, PostgreSQL + Redis',
    figure: 'serverCpuUs',
    unit: 'µs',
    comparison: '<=',
    limit: 200,
    digits: 0,
  },
  { name: 'p99 at 32 connections, 1 worker, PostgreSQL + Redis', figure: 'p99Ms', unit: 'ms', comparison: '<=', limit: 15, digits: 1 },
  {
    name: 'CPU per request, 2 workers vs 1, PostgreSQL + Redis',
    figure: 'cpuRatioRedis',
    unit: 'x',
    comparison: '<=',
    limit: 1.15,
    digits: 2,
  },
  {
    name: 'CPU per request, 2 workers vs 1, PostgreSQL alone',
    figure: 'cpuRatioPostgres',
    unit: 'x',
    comparison: '<=',
    limit: 1.15,
    digits: 2,
  },
  { name: 'req/s, 2 workers vs 1, PostgreSQL alone', figure: 'rpsRatioPostgres', unit: 'x', comparison: '>=', limit: 1, digits: 2 },
  {
    name: 'PostgreSQL transactions per request, 1 worker, PostgreSQL + Redis',
    figure: 'pgTransactionsPerRequest',
    unit: 'xact/req',
    comparison: '<=',
    limit: 0.05,
    digits: 3,
  },
  {
    // One round trip a request at most. The limiter's round trip is one script call (EVALSHA) per claim of
    // points, which runs 4 commands inside Redis: commandstats counts those too (the scale table's "Redis
    // cmds/req"), so the script calls that ran are what is judged, over the requests sent (scale-bench.ts).
    // Claims are made in batches (server/app/rate-limit/leased.ts): a few a second, far below one a request;
    // one a request would be 1.000, and second round trips would show above it.
    name: 'Redis round trips per request (script calls), 1 worker',
    figure: 'redisScriptCallsPerRequest',
    unit: 'calls/req',
    comparison: '<=',
    limit: 1,
    digits: 3,
    also: { figure: 'redisCommandsPerRequest', text: (v) => `${v.toFixed(3)} commands/req inside` },
  },
  { name: 'br-compressed monthly answer vs plain', figure: 'brPercent', unit: '%', comparison: '<=', limit: 100 / 3, digits: 1 },
  { name: 'gzip-compressed monthly answer vs plain', figure: 'gzipPercent', unit: '%', comparison: '<=', limit: 100 / 3, digits: 1 },
  {
    name: 'engine, monthly payrolls with trace per second, one core',
    figure: 'engineTracePerSecond',
    unit: 'calc/s',
    comparison: '>=',
    limit: 60_000,
    digits: 0,
  },
  {
    name: '`npm run batch` of 1,000,000 monthly payrolls with trace',
    figure: 'batchSeconds',
    unit: 's',
    comparison: '<=',
    limit: 60,
    digits: 2,
    only: {
      figure: 'batchLines',
      value: 1_000_000,
      otherwise: (f) => `for ${number(f.batchLines ?? 0, 0)} lines, not the 1M figure`,
    },
  },
  { name: 'start-up to the first answered request', figure: 'startupMs', unit: 'ms', comparison: '<=', limit: 400, digits: 0 },
];

export type Status = 'met' | 'not met' | 'not measured';

export interface JudgedRow {
  target: string;
  /** The figure measured, with its unit ('-' when not measured). */
  measured: string;
  /** The comparison and the limit, e.g. "≤ 200 µs". */
  limit: string;
  status: Status;
}

function number(value: number, digits: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function withUnit(value: number, t: Target): string {
  return t.unit === 'x' ? `${number(value, t.digits)}x` : `${number(value, t.digits)} ${t.unit}`;
}

/** One row per target: met when the figure is on the right side of the limit (the limit itself included). */
export function judge(figures: TargetFigures): JudgedRow[] {
  return TARGETS.map((t) => {
    const value = figures[t.figure];
    const limit = `${t.comparison === '<=' ? '≤' : '≥'} ${withUnit(t.limit, t)}`;
    if (value === undefined || !Number.isFinite(value)) return { target: t.name, measured: '-', limit, status: 'not measured' };
    let measured = withUnit(value, t);
    const also = t.also && figures[t.also.figure];
    if (t.also && also !== undefined) measured += ` (${t.also.text(also)})`;
    if (t.only && figures[t.only.figure] !== t.only.value) {
      return { target: t.name, measured: `${measured} (${t.only.otherwise(figures)})`, limit, status: 'not measured' };
    }
    const met = t.comparison === '<=' ? value <= t.limit : value >= t.limit;
    return { target: t.name, measured, limit, status: met ? 'met' : 'not met' };
  });
}
