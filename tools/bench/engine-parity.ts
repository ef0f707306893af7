/**
 * Engine parity dump: runs every golden case, the bench sample requests and a fixed-seed sample of
 * schema-generated requests through the engine, with and without trace, and writes the FULL results
 * (amounts, settings_snapshot, traces, warnings, or the error code, message and details) as JSON.
 * Why: an engine optimisation must not change one byte of any answer; the dump of the engine before a
 * change is compared with the dump after it (`cmp`).
 * Each calculation is also written by calculationJson (the serialisation the server and the batch use) and
 * flagged `spliced_text_differs` if that text is not JSON.stringify's.
 * Usage: tsx tools/bench/engine-parity.ts OUT.json
 */
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { calculationJson, EngineError, loadEngine, type CalculationType, type ProfileVersion } from '../../engine/index.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { requestSchemaFor } from '../../server/app/validation/request-schemas.ts';
import { schemaDetails } from '../../server/app/validation/validate-body.ts';
import { schemaArbitrary } from '../../test/fuzz/schema-arbitrary.ts';
import { loadGoldenCases } from '../golden/runner.ts';
import { benchProfile } from './engine-bench.ts';
import { BENCH_COMPANY, SIMULATION_REQUESTS, attendanceRequest, bonusRequest, monthlyRequest } from './sample-requests.ts';

const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: tsx tools/bench/engine-parity.ts OUT.json\n');
  process.exit(2);
}

let ids = 0;
const engine = loadEngine({
  now: () => new Date('2026-01-01T00:00:00.000Z'),
  newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
});
const schemaOf = (type: CalculationType) => requestSchemaFor(engine, CALCULATION_ENDPOINTS.find((e) => e.type === type)!.requestSchema);

function withTraceOption(request: Record<string, unknown>, trace: boolean): Record<string, unknown> {
  const options = (request.calculation_options as Record<string, unknown> | undefined) ?? {};
  return { ...request, calculation_options: { ...options, include_calculation_trace: trace } };
}

/** One request as the server would pass it (schema defaults filled), run as given and with the trace flipped. */
function run(type: CalculationType, original: Record<string, unknown>, versions: ProfileVersion[]): unknown {
  const request = structuredClone(original);
  const refused = schemaDetails(schemaOf(type), request);
  const record: Record<string, unknown> = { type, refused, validate: engine.validate(type, structuredClone(request)) };
  const asGiven = request.calculation_options as { include_calculation_trace?: boolean } | undefined;
  for (const trace of [true, false]) {
    const req = asGiven?.include_calculation_trace === trace ? request : withTraceOption(request, trace);
    const frozen = JSON.stringify(req);
    try {
      const calc = engine.calculate(type, req, versions);
      const result = calc.toResult();
      record[trace ? 'with_trace' : 'without_trace'] = result;
      // the server and the batch write calculations with calculationJson: it must write JSON.stringify's text of the result
      if (calculationJson(calc) !== JSON.stringify(result)) record.spliced_text_differs = true;
    } catch (e) {
      record[trace ? 'with_trace' : 'without_trace'] =
        e instanceof EngineError
          ? { error: e.code, message: e.message, details: e.details ?? null }
          : { crash: `${(e as Error)?.name}: ${(e as Error)?.message}` };
    }
    if (JSON.stringify(req) !== frozen) record.mutated_request = true; // the engine must never change its caller's object
  }
  return record;
}

const results: Record<string, unknown> = {};
const golden = loadGoldenCases('test/golden');
for (const c of golden) results[`golden ${c.id}`] = run(c.calculation, c.request, c.profile);

const bench = benchProfile();
for (let i = 0; i < 100; i++) results[`bench monthly ${i}`] = run('monthly_payroll', monthlyRequest(i, i % 2 === 0), bench);
results['bench attendance'] = run('monthly_payroll', attendanceRequest(), bench);
results['bench bonus'] = run('bonus', bonusRequest(), bench);
for (const [name, type, request] of SIMULATION_REQUESTS) results[`bench ${name}`] = run(type, request, bench);

// Generated requests over two profiles (the bench one, and each golden company's): error paths and odd values too.
const profiles: ProfileVersion[][] = [bench, ...new Set(golden.map((c) => c.profile))];
for (const endpoint of CALCULATION_ENDPOINTS) {
  const samples = fc.sample(schemaArbitrary(requestSchemaFor(engine, endpoint.requestSchema)), { seed: 20261123, numRuns: 150 });
  samples.forEach((body, i) => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    const versions = profiles[i % profiles.length];
    const request: Record<string, unknown> = { ...(body as Record<string, unknown>), company_id: versions[0]?.company_id ?? BENCH_COMPANY };
    if (i % 2 === 1) delete request.settings_lock; // a generated lock rarely matches: half go on to calculate
    results[`generated ${endpoint.type} ${i}`] = run(endpoint.type, request, versions);
  });
}

writeFileSync(out, JSON.stringify(results, null, 1) + '\n');
const counts = Object.values(results).reduce<Record<string, number>>((acc, r) => {
  for (const k of ['with_trace', 'without_trace']) {
    const v = (r as Record<string, { error?: string; crash?: string }>)[k];
    const kind = v.crash ? 'crash' : v.error ? 'error' : 'result';
    acc[kind] = (acc[kind] ?? 0) + 1;
  }
  return acc;
}, {});
const spliced = Object.values(results).filter((r) => (r as { spliced_text_differs?: boolean }).spliced_text_differs).length;
console.log(
  `${Object.keys(results).length} requests, ${JSON.stringify(counts)}, calculationJson differs from JSON.stringify: ${spliced} -> ${out}`,
);
process.exitCode = spliced === 0 ? 0 : 1;
