/**
 * The engine's CPU time per monthly payroll, for before/after pairs on a shared machine: one process
 * calculates in rounds of 3,000 and reports the best and the median round (process CPU time, the
 * garbage collector's threads included). The best round is the figure least moved by neighbours; run
 * it a few times, alternating the two builds (e.g. a worktree of the previous commit), and compare bests.
 * The requests are parsed and validated as the server does before the timed part, each used once.
 * With trace, the engine records each step (engine/trace/records.ts); the steps' text is made
 * when the result is written, so `json` and `compact` are the figures to compare with a server or batch.
 *
 *   npx tsx tools/bench/engine-cpu.ts [trace|notrace|json|compact]   (json: with trace, and each result
 *   written to bytes by calculationUtf8 as the server does; compact: with trace, each result written with its
 *   trace compact as `npm run batch -- --trace compact` does)
 *
 * (callgrind's instruction counts were tried for this and rejected: the same build measured 0.77M and
 * 1.64M instructions per calculation, as a major collection or an optimisation fell inside the window
 * or not.)
 */
import { calculationUtf8, CompactTraceWriter, DEFAULT_LOAD_CACHE, loadEngine } from '../../engine/index.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { requestSchemaFor } from '../../server/app/validation/request-schemas.ts';
import { schemaDetails } from '../../server/app/validation/validate-body.ts';
import { benchProfile } from './engine-bench.ts';
import { monthlyRequest } from './sample-requests.ts';

const mode = process.argv[2] ?? 'trace';
if (!['trace', 'notrace', 'json', 'compact'].includes(mode)) throw new Error('usage: engine-cpu.ts [trace|notrace|json|compact]');
const ROUNDS = 8;
const PER_ROUND = 3000;

// loaded as the server and the batch load it (through the start-up cache: see engine-bench.ts)
const engine = loadEngine({ cacheFile: DEFAULT_LOAD_CACHE });
const versions = benchProfile();
const schema = requestSchemaFor(engine, CALCULATION_ENDPOINTS.find((e) => e.type === 'monthly_payroll')!.requestSchema);
const lines = Array.from({ length: 100 }, (_, i) => JSON.stringify(monthlyRequest(i, mode !== 'notrace')));

/** Requests as the server hands them to the engine: parsed, and validated with the schema's defaults filled. */
function freshRequests(): Record<string, unknown>[] {
  return Array.from({ length: PER_ROUND }, (_, i) => {
    const request = JSON.parse(lines[i % lines.length]) as Record<string, unknown>;
    const problems = schemaDetails(schema, request);
    if (problems.length) throw new Error(`sample request ${i % lines.length} is invalid: ${JSON.stringify(problems)}`);
    return request;
  });
}

const compact = new CompactTraceWriter();
/** What the mode measures after the calculation: a number from the result, its bytes' length, or its compact text's. */
function written(result: ReturnType<typeof engine.calculate>): number {
  if (mode === 'json') return calculationUtf8(result).length;
  if (mode !== 'compact') return (result.amounts as { net_payment: number }).net_payment;
  const text = compact.write(result);
  return text.length + (compact.takeDictionary()?.length ?? 0);
}

let checksum = 0;
const rounds: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const requests = freshRequests();
  const before = process.cpuUsage();
  for (const request of requests) {
    const result = engine.calculate('monthly_payroll', request, versions, { validated: true });
    checksum += written(result);
  }
  const used = process.cpuUsage(before);
  rounds.push((used.user + used.system) / PER_ROUND);
}
rounds.sort((a, b) => a - b);
console.log(
  `monthly payroll, ${mode}: best ${rounds[0].toFixed(1)} µs, median ${rounds[ROUNDS >> 1].toFixed(1)} µs of CPU per calculation ` +
    `(${Math.round(1e6 / rounds[0]).toLocaleString('en-US')}/s at the best; ${ROUNDS} rounds of ${PER_ROUND}; checksum ${checksum})`,
);
