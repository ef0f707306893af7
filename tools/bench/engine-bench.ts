/**
 * Engine figures, in process on one core: calculations per second, mean and p99 per calculation for
 * each calculation type (monthly with and without trace), and what a batch line costs around the
 * engine (JSON parse, schema and cross-field validation, JSON serialisation of the result).
 * With trace the engine records each step and the steps' text is made when the result is written
 * (engine/trace/records.ts), so a row adds the answer's bytes (calculationUtf8, as the server writes
 * them) to the monthly calculation with trace; and a line says what idling costs on this machine (the
 * same calculation and bytes back to back and after the thread slept), which the HTTP figures pay.
 */
import { performance } from 'node:perf_hooks';
import {
  applyProfilePut,
  calculationUtf8,
  type CalculationType,
  DEFAULT_LOAD_CACHE,
  type Engine,
  loadEngine,
  type ProfileVersion,
} from '../../engine/index.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { requestSchemaFor } from '../../server/app/validation/request-schemas.ts';
import { schemaDetails } from '../../server/app/validation/validate-body.ts';
import {
  BENCH_COMPANY,
  BENCH_PROFILE_PUT,
  SIMULATION_REQUESTS,
  attendanceRequest,
  bonusRequest,
  monthlyBatchLine,
  monthlyRequest,
} from './sample-requests.ts';
import { formatRatio, pairedRatio, type Paired } from './ratios.ts';
import { referenceMonthly } from './references.ts';
import { fmt, medianOf, quantile, table } from './stats.ts';

export interface Timing extends Record<string, number> {
  perSecond: number;
  meanUs: number;
  p99Us: number;
  /** Calculations per second of CPU time of this process: steadier than wall time on a shared machine. */
  perCpuSecond: number;
}

/**
 * Runs fn for about `ms` after a warm-up (at least 200 calls and ms / 2 of CPU time); one sample per call. The
 * warm-up is the JIT's: on a fresh engine the first 2 s of monthly calculations with trace ran at
 * 53-59k/s and every later 2 s at 62-68k/s (docs/performance.md, eleventh round), so a warm-up of 200
 * calls alone measured the compiler in the first run of each scenario.
 */
export function measure(fn: () => void, ms: number): Timing {
  // warmed by CPU time, not wall time: on a machine others load, ms / 2 of wall time can be a tenth of
  // that on a core, and the measured run then still waits for the optimising compiler (bounded by 4 x ms)
  const warmCpu0 = process.cpuUsage();
  const warmCap = performance.now() + ms * 4;
  const warmCpuUs = (ms / 2) * 1000;
  const warmCpuUsed = () => {
    const u = process.cpuUsage(warmCpu0);
    return u.user + u.system;
  };
  for (let i = 0; i < 200 || (warmCpuUsed() < warmCpuUs && performance.now() < warmCap); i++) fn();
  const samples: number[] = [];
  const cpu0 = process.cpuUsage();
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const s = performance.now();
    fn();
    samples.push(performance.now() - s);
  }
  const cpu = process.cpuUsage(cpu0);
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return {
    perSecond: 1000 / mean,
    meanUs: mean * 1000,
    p99Us: quantile(samples, 0.99) * 1000,
    perCpuSecond: samples.length / ((cpu.user + cpu.system) / 1e6),
  };
}

export function scenarios(): [string, CalculationType, Record<string, unknown>][] {
  return [
    ['monthly payroll, with trace', 'monthly_payroll', monthlyRequest(1, true)],
    ['monthly payroll, without trace', 'monthly_payroll', monthlyRequest(1, false)],
    ['monthly payroll, attendance, with trace', 'monthly_payroll', attendanceRequest()],
    ['bonus, with trace', 'bonus', bonusRequest()],
    ...SIMULATION_REQUESTS,
  ];
}

export function benchProfile(): ProfileVersion[] {
  return applyProfilePut([], BENCH_PROFILE_PUT, { company_id: BENCH_COMPANY, profile_id: 'bench' }).versions;
}

function lineOverheads(engine: Engine, versions: ProfileVersion[], ms: number): [string, Timing][] {
  const schema = requestSchemaFor(engine, CALCULATION_ENDPOINTS.find((e) => e.type === 'monthly_payroll')!.requestSchema);
  const line = monthlyBatchLine(1, false);
  const request = () => (JSON.parse(line) as { request: Record<string, unknown> }).request;
  const withTrace = engine.calculate('monthly_payroll', monthlyRequest(1, true), versions);
  const withoutTrace = engine.calculate('monthly_payroll', monthlyRequest(1, false), versions);
  return [
    [`JSON.parse of a request line (${fmt(line.length)} B)`, measure(() => JSON.parse(line), ms)],
    ['schema validation (AJV, defaults filled)', measure(() => schemaDetails(schema, request()), ms)],
    ['cross-field validation (engine.validate)', measure(() => engine.validate('monthly_payroll', request()), ms)],
    [
      `JSON.stringify of a result without trace (${fmt(JSON.stringify(withoutTrace).length)} B)`,
      measure(() => JSON.stringify(withoutTrace), ms),
    ],
    [`JSON.stringify of a result with trace (${fmt(JSON.stringify(withTrace).length)} B)`, measure(() => JSON.stringify(withTrace), ms)],
  ];
}

/** The engine section's report, and the figure issue 20's targets read from it. */
export interface EngineBench {
  text: string;
  figures: {
    /** "monthly payroll, with trace", the table's first row. */
    monthlyWithTrace: Timing;
    /** Its calc/CPU-s over the decimal.js reference's, the median of each run's. */
    monthlyWithTraceRatio: number;
    /** The reference's calc/CPU-s beside it (median). */
    referencePerCpuSecond: number;
  };
}

export function benchEngine(runs: number, ms: number): EngineBench {
  // the calculations run on an engine loaded as the server and the batch load it, through the start-up
  // cache: its documents come from JSON.parse, whose ASCII strings are one-byte, where YAML's are cut from
  // two-byte text (docs/performance.md, ninth round). Loaded first, so that its names are the ones V8 keeps.
  const engine = loadEngine({ cacheFile: DEFAULT_LOAD_CACHE });
  const versions = benchProfile();
  const traced = monthlyRequest(1, true);
  const plain = monthlyRequest(1, false) as unknown as Parameters<typeof referenceMonthly>[0];
  const reference = () => referenceMonthly(plain);
  const rowsIn: [string, () => unknown][] = scenarios().map(([name, type, request]) => [
    name,
    () => engine.calculate(type, request, versions),
  ]);
  rowsIn.splice(1, 0, [
    'monthly payroll, with trace, and the answer bytes',
    () => calculationUtf8(engine.calculate('monthly_payroll', traced, versions)),
  ]);
  // each row's runs alternate with the reference's (A B A B): a row's ratio is the median of each run's
  // calc/CPU-s over the reference's right after it, in the same minutes of the machine
  const medians = rowsIn.map(([name, fn]) => {
    const paired: Paired = { figure: [], reference: [] };
    const timings: Timing[] = [];
    const references: Timing[] = [];
    for (let run = 0; run < runs; run++) {
      const t = measure(fn, ms);
      const r = measure(reference, ms / 2);
      timings.push(t);
      references.push(r);
      paired.figure.push(t.perCpuSecond);
      paired.reference.push(r.perCpuSecond);
    }
    return { name, r: medianOf(timings), ref: medianOf(references), ratio: pairedRatio(paired) };
  });
  const rows = medians.map(({ name, r, ref, ratio }) => [
    name,
    fmt(r.perSecond),
    fmt(r.perCpuSecond),
    fmt(r.meanUs, 1),
    fmt(r.p99Us, 1),
    fmt(ref.perCpuSecond),
    formatRatio(ratio),
  ]);
  const idle = idleCost(engine, versions);
  const overheads = Array.from({ length: runs }, () => lineOverheads(engine, versions, ms / 2));
  const overheadRows = overheads[0].map(([name], i) => {
    const r = medianOf(overheads.map((o) => o[i][1]));
    return [name, fmt(r.perSecond), fmt(r.meanUs, 1), fmt(r.p99Us, 1)];
  });
  // the load figure, from the files (every document parsed and checked), taken after the measured runs:
  // the server and the batch calculate on the one engine they loaded, and a second load before the runs
  // once slowed them 1.6-2.1x (a pretenured literal, fixed by keptDecimal: docs/performance.md, twelfth round)
  const t0 = performance.now();
  loadEngine();
  const loadMs = performance.now() - t0;
  const first = medians[0];
  const text = [
    '## Engine (in process, one core)',
    `engine load (masters + rules, validate and compile): ${fmt(loadMs)} ms`,
    table(['calculation', 'calc/s', 'calc/CPU-s', 'mean µs', 'p99 µs', 'reference calc/CPU-s', 'vs reference'], rows),
    'reference: the monthly payroll of tools/bench/references.ts written directly with decimal.js, measured after each run of each row; ' +
      "vs reference: the median of each run's calc/CPU-s over the reference's",
    `idling on this machine: a monthly calculation with trace and its bytes take ${fmt(idle.backToBack, 0)} µs back to back, ` +
      `${fmt(idle.afterSleep, 0)} µs after the thread slept 0.3 ms (${(idle.afterSleep / idle.backToBack).toFixed(2)}x; tools/bench/idle-cost.ts)`,
    '',
    '## Per-line overheads around the engine (one core)',
    table(['step', 'ops/s', 'mean µs', 'p99 µs'], overheadRows),
  ].join('\n');
  return {
    text,
    figures: { monthlyWithTrace: first.r, monthlyWithTraceRatio: first.ratio, referencePerCpuSecond: first.ref.perCpuSecond },
  };
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
let idleRequests: Record<string, unknown>[] | undefined;

/** Mean µs of wall time per monthly calculation with trace and its bytes, with the thread asleep `sleepMs` before each (the sleep not counted). */
export function perCallAfterSleep(engine: Engine, versions: ProfileVersion[], sleepMs: number, calls: number): number {
  const requests = (idleRequests ??= Array.from({ length: 100 }, (_, i) => monthlyRequest(i, true)));
  let ns = 0n;
  for (let i = 0; i < calls; i++) {
    if (sleepMs > 0) Atomics.wait(sleepCell, 0, 0, sleepMs);
    const start = process.hrtime.bigint();
    calculationUtf8(engine.calculate('monthly_payroll', requests[i % requests.length], versions));
    ns += process.hrtime.bigint() - start;
  }
  return Number(ns) / calls / 1000;
}

/** The same work back to back and after a 0.3 ms sleep, best of three each (after a warm-up). */
export function idleCost(engine: Engine, versions: ProfileVersion[]): { backToBack: number; afterSleep: number } {
  perCallAfterSleep(engine, versions, 0, 2000);
  const best = (sleepMs: number) => Math.min(...[0, 1, 2].map(() => perCallAfterSleep(engine, versions, sleepMs, 1000)));
  return { backToBack: best(0), afterSleep: best(0.3) };
}
