/**
 * npm run batch -- --trace compact, and --expand back: expanding a compact output gives exactly the lines
 * a run without --trace compact writes, byte for byte. In process, the same results are written both ways
 * (the calculation ids and timestamps are made per calculation, so each request is calculated once and
 * its result written twice); end to end, two runs of the command, their ids and timestamps aside, with
 * two workers, several chunks and gzip.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { CompactTraceReader, CompactTraceWriter, type Engine } from '../../engine/index.ts';
import { expandLine } from '../../tools/batch/expand-output.ts';
import { processLine, type LineContext } from '../../tools/batch/process-line.ts';
import { benchProfile } from '../../tools/bench/engine-bench.ts';
import { BENCH_COMPANY, BENCH_PROFILE_PUT, attendanceRequest, bonusRequest, monthlyRequest } from '../../tools/bench/sample-requests.ts';
import { bodies } from '../api/support/bodies.ts';
import { realEngine } from '../api/support/real-engine.ts';
import { runBatchCli, tempDir } from './support.ts';

const traced = (request: Record<string, unknown>, trace = true) => ({
  ...request,
  calculation_options: { include_calculation_trace: trace },
});

/** Varied lines: monthly with and without trace, attendance (its overtime step has notes), bonus, simulations, and refused lines. */
function inputLines(): string[] {
  const line = (type: string, request: unknown) => JSON.stringify({ type, request });
  return [
    ...Array.from({ length: 6 }, (_, i) => line('monthly_payroll', monthlyRequest(i, i !== 2))),
    line('monthly_payroll', traced(attendanceRequest())),
    line('bonus', traced(bonusRequest())),
    line('bonus', traced(bonusRequest(), false)),
    line('social_insurance_simulation', traced(bodies.socialInsurance(BENCH_COMPANY))),
    line('income_tax_simulation', traced(bodies.incomeTax(BENCH_COMPANY))),
    line('monthly_payroll', traced(bodies.monthly('no-such-company'))),
    line('monthly_payroll', { ...monthlyRequest(1, true), base_pay: -1 }),
    '{"type":"monthly_payroll","request":',
    line('monthly_payroll', traced(attendanceRequest())),
    ...Array.from({ length: 4 }, (_, i) => line('monthly_payroll', monthlyRequest(i + 10, true))),
  ];
}

/** The real engine, each request calculated once: both forms then write the same result objects. */
function calculatedOnce(engine: Engine): Engine {
  const results = new Map<string, unknown>();
  return new Proxy(engine, {
    get(target, key) {
      if (key !== 'calculate') {
        const v = Reflect.get(target, key, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      }
      return (...args: Parameters<Engine['calculate']>) => {
        const id = JSON.stringify([args[0], args[1]]);
        if (!results.has(id)) results.set(id, target.calculate(...args));
        return results.get(id);
      };
    },
  });
}

describe('batch --trace compact', () => {
  it('expands to exactly the full lines, byte for byte, for varied requests, results and errors', () => {
    const engine = calculatedOnce(realEngine());
    const common = { engine, profiles: new Map([[BENCH_COMPANY, benchProfile()]]), runId: 'run-1', maxLineBytes: 1 << 20 };
    const full: LineContext = { ...common };
    const compact: LineContext = { ...common, compact: new CompactTraceWriter() };
    const reader = new CompactTraceReader();
    const lines = inputLines();
    let compactBytes = 0;
    let fullBytes = 0;
    for (const [i, text] of lines.entries()) {
      const f = processLine(text, i + 1, full).text;
      const c = processLine(text, i + 1, compact).text;
      expect(expandLine(c, reader), `line ${i + 1}`).toBe(f);
      fullBytes += f.length;
      compactBytes += c.length;
    }
    // every kind is there: results with trace, notes, results without trace, errors
    const written = lines.map((t, i) => processLine(t, i + 1, full).text);
    expect(written.filter((l) => l.includes('"calculation_trace":[{')).length).toBeGreaterThan(10);
    expect(written.some((l) => l.includes('"notes":'))).toBe(true);
    expect(written.filter((l) => l.includes('"calculation_trace":[]')).length).toBe(2);
    expect(written.filter((l) => l.includes('"error":')).length).toBe(3);
    expect(compactBytes * 4).toBeLessThan(fullBytes);
  });

  it('end to end: two workers, several chunks, plain and gzip; --expand gives the full run, ids and timestamps aside', async () => {
    const dir = tempDir();
    const input = join(dir, 'in.jsonl');
    const lines = [
      ...inputLines(),
      ...Array.from({ length: 60 }, (_, i) => JSON.stringify({ type: 'monthly_payroll', request: monthlyRequest(i, i % 3 !== 0) })),
    ];
    writeFileSync(input, lines.join('\n') + '\n');
    const profiles = join(dir, 'profiles.yaml');
    writeFileSync(profiles, stringify({ companies: [{ company_id: BENCH_COMPANY, profile_puts: [BENCH_PROFILE_PUT] }] }));
    const common = ['--in', input, '--profiles', profiles, '--workers', '2', '--chunk-lines', '7'];
    const runs = await Promise.all([
      runBatchCli([...common, '--out', join(dir, 'full.jsonl')]),
      runBatchCli([...common, '--out', join(dir, 'compact.jsonl'), '--trace', 'compact']),
      runBatchCli([...common, '--out', join(dir, 'compact.jsonl.gz'), '--trace', 'compact', '--gzip']),
    ]);
    expect(runs.map((r) => r.code)).toEqual([3, 3, 3]);
    const expanded = await Promise.all([
      runBatchCli(['--expand', '--in', join(dir, 'compact.jsonl'), '--out', join(dir, 'expanded.jsonl')]),
      runBatchCli(['--expand', '--in', join(dir, 'compact.jsonl.gz'), '--out', join(dir, 'expanded.jsonl.gz'), '--gzip']),
    ]);
    expect(expanded.map((r) => [r.code, r.stderr])).toEqual([
      [0, ''],
      [0, ''],
    ]);
    // what differs between two runs of the same input: the ids and timestamps made per calculation and per run
    const sameRun = (text: string) =>
      text
        .replace(/"calc_[0-9a-f-]{36}"/g, '"calc_id"')
        .replace(/"calculated_at":"[^"]+"/g, '"calculated_at":"at"')
        .replace(/"request_id":"[0-9a-f-]{36}"/g, '"request_id":"run"');
    const fullText = readFileSync(join(dir, 'full.jsonl'), 'utf8');
    expect(fullText.split('\n')).toHaveLength(lines.length + 1);
    expect(sameRun(readFileSync(join(dir, 'expanded.jsonl'), 'utf8'))).toBe(sameRun(fullText));
    expect(sameRun(gunzipSync(readFileSync(join(dir, 'expanded.jsonl.gz'))).toString('utf8'))).toBe(sameRun(fullText));
    // and the compact run is compact: the dictionary is given once per worker and entry
    const compactText = readFileSync(join(dir, 'compact.jsonl'), 'utf8');
    expect(compactText.length * 4).toBeLessThan(fullText.length);
    expect(compactText.split('\n').filter((l) => l.includes('"trace_dictionary"')).length).toBeLessThanOrEqual(2 * 6);
  }, 180_000);

  it('refuses --trace other than full or compact, and --expand with calculation flags (exit 2)', async () => {
    const bad = await runBatchCli(['--in', '-', '--out', '-', '--profiles', 'p.yaml', '--trace', 'short']);
    expect([bad.code, bad.stderr]).toEqual([2, 'batch: --trace must be full or compact, got "short". See --help.\n']);
    const mixed = await runBatchCli(['--expand', '--in', '-', '--out', '-', '--profiles', 'p.yaml']);
    expect([mixed.code, mixed.stderr]).toEqual([
      2,
      'batch: --expand takes only --in, --out, --gzip, --stats: not --profiles. See --help.\n',
    ]);
  }, 60_000);
});
