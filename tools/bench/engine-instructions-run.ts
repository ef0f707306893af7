/**
 * The calculations engine-instructions.ts counts, run under valgrind by it (it copies this file into the
 * tree it measures, two folders down, so that ../../engine is that tree's engine): the engine loaded as
 * the server loads it (through the start-up cache), 100 monthly requests parsed and schema-validated
 * as the server does, 3,000 calculations to warm up, then COUNT more, each in MODE: `trace` (with trace,
 * nothing written), `notrace`, `json` (with trace, and the answer's bytes as the server writes them), or
 * `compact` (with trace, and the result's text with its trace compact as `npm run batch -- --trace compact`
 * writes it). With TYPE year_end_adjustment, the HTTP bench's year-end request instead (its trace on
 * except in `notrace`).
 *
 *   node BUNDLE MODE COUNT [TYPE]
 *
 * It sets its requests up itself, as engine-cpu.ts does, rather than through a helper of this tree: it
 * runs against older trees too, which have only what it imports here.
 */
import { calculationUtf8, CompactTraceWriter, DEFAULT_LOAD_CACHE, loadEngine } from '../../engine/index.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { requestSchemaFor } from '../../server/app/validation/request-schemas.ts';
import { schemaDetails } from '../../server/app/validation/validate-body.ts';
import { benchProfile } from '../../tools/bench/engine-bench.ts';
import { monthlyRequest, yearEndRequest } from '../../tools/bench/sample-requests.ts';

const mode = process.argv[2] ?? 'trace';
const count = Number(process.argv[3] ?? 1000);
const type = process.argv[4] ?? 'monthly_payroll';
if (!['trace', 'notrace', 'json', 'compact'].includes(mode) || !(count >= 0) || !['monthly_payroll', 'year_end_adjustment'].includes(type))
  throw new Error('usage: node BUNDLE trace|notrace|json|compact COUNT [monthly_payroll|year_end_adjustment]');

const engine = loadEngine({ cacheFile: DEFAULT_LOAD_CACHE });
const versions = benchProfile();
const schema = requestSchemaFor(engine, CALCULATION_ENDPOINTS.find((e) => e.type === type)!.requestSchema);
const yearEnd = { ...yearEndRequest(), calculation_options: { include_calculation_trace: mode !== 'notrace' } };
const lines = Array.from({ length: 100 }, (_, i) =>
  JSON.stringify(type === 'monthly_payroll' ? monthlyRequest(i, mode !== 'notrace') : yearEnd),
);

function requests(n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const request = JSON.parse(lines[i % lines.length]) as Record<string, unknown>;
    if (schemaDetails(schema, request).length) throw new Error(`sample request ${i % lines.length} is invalid`);
    return request;
  });
}

let checksum = 0;
const compact = new CompactTraceWriter();
/** What the mode leaves of a result: its answer's bytes, its compact text (and dictionary), or a number of it. */
function written(result: ReturnType<typeof engine.calculate>): number {
  if (mode === 'json') return calculationUtf8(result).length;
  if (mode === 'compact') return compact.write(result).length + (compact.takeDictionary()?.length ?? 0);
  return type === 'monthly_payroll' ? (result.amounts as { net_payment: number }).net_payment : Object.keys(result.amounts).length;
}
function run(batch: Record<string, unknown>[]): void {
  for (const request of batch) {
    const result = engine.calculate(type as 'monthly_payroll', request, versions, { validated: true });
    checksum += written(result);
  }
}

// both sets parsed before either runs: the counted difference between two COUNTs is calculations alone
const warm = requests(3000);
const counted = requests(count);
run(warm);
run(counted);
process.stdout.write(`${mode} ${count} ${checksum}\n`);
