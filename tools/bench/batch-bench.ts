/**
 * Batch throughput: `npm run batch`'s command on generated files of monthly payrolls (without trace,
 * with trace as the API answers it, and with trace in the compact form of --trace compact), all cores, profiles from a YAML file; figures from the run's own --stats line (lines/s after
 * and including the workers' engine load, peak RSS of the process, worker time per phase).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BatchSummary } from '../batch/run-batch.ts';
import { writeProfiles, writeRequests } from './generate-requests.ts';
import { formatRatio, pairedRatio } from './ratios.ts';
import { referenceLoop } from './references.ts';
import { monthlyBatchLine } from './sample-requests.ts';
import { ROOT } from './server-process.ts';
import { fmt, median, table } from './stats.ts';

/**
 * The batch spawned as `file args...` (from the project's root), stderr read for its --stats line (the
 * last): the run's summary, and the wall time from spawn to exit.
 */
function spawnBatch(file: string, args: readonly string[]): Promise<{ seconds: number; summary: BatchSummary }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    // stderr is a pipe, not a terminal: the batch shows no progress line, as when its output is logged
    const child = spawn(file, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let exited = 0;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', () => (exited = performance.now()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`batch exited ${code}: ${stderr}`));
      else resolve({ seconds: (exited - start) / 1000, summary: JSON.parse(stderr.trim().split('\n').pop()!) as BatchSummary });
    });
  });
}

async function runBatch(input: string, profiles: string, extra: readonly string[]): Promise<BatchSummary> {
  const args = ['tools/batch.ts', '--in', input, '--out', '/dev/null', '--profiles', profiles, '--stats', '--no-progress', ...extra];
  return (await spawnBatch(join(ROOT, 'node_modules/.bin/tsx'), args)).summary;
}

/** How long each turn of the reference loop runs. */
const REFERENCE_MS = 3_000;

/** A thousand of the batch's own lines, for the reference loop. */
function referenceLines(trace: boolean): string[] {
  return Array.from({ length: 1_000 }, (_, i) => monthlyBatchLine(i, trace));
}

export async function benchBatch(runs: number, lines: { withoutTrace: number; withTrace: number }): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-batch-'));
  try {
    const profiles = join(dir, 'profiles.yaml');
    writeProfiles(profiles);
    const rows: string[][] = [];
    const phases: string[] = [];
    const inputs = new Map<boolean, string>();
    for (const [label, count, trace, extra] of [
      ['without trace', lines.withoutTrace, false, []],
      ['with trace', lines.withTrace, true, []],
      ['with trace, --trace compact', lines.withTrace, true, ['--trace', 'compact']],
    ] as const) {
      let input = inputs.get(trace);
      if (input === undefined) {
        input = join(dir, `monthly-${trace ? 'trace' : 'plain'}.jsonl`);
        await writeRequests(input, count, trace);
        inputs.set(trace, input);
      }
      const summaries: BatchSummary[] = [];
      const references: number[] = [];
      // the batch and the one-thread reference loop take turns (A B A B)
      for (let i = 0; i < runs; i++) {
        summaries.push(await runBatch(input, profiles, extra));
        references.push(referenceLoop(referenceLines(trace), REFERENCE_MS));
      }
      const pick = summaries.find((s) => s.lines_per_second === median(summaries.map((x) => x.lines_per_second))) ?? summaries[0];
      const computeSeconds = pick.seconds - pick.engine_load_seconds;
      const steady = pick.lines / computeSeconds;
      rows.push([
        `monthly payroll, ${label}`,
        fmt(count),
        fmt(pick.workers),
        fmt(pick.lines_per_second),
        fmt(steady),
        fmt(pick.engine_load_seconds, 2),
        fmt(1_000_000 / steady + pick.engine_load_seconds),
        fmt(((pick.cpu_seconds - pick.engine_load_cpu_seconds) / pick.lines) * 1_000_000),
        fmt(pick.peak_rss_mb),
        fmt(pick.output_bytes / pick.lines),
        fmt(median(references)),
        formatRatio(
          pairedRatio({
            figure: summaries.map((s) => s.lines / (s.seconds - s.engine_load_seconds)),
            reference: references,
          }),
        ),
      ]);
      const w = pick.worker_ms!;
      const busy = w.parse + w.validate + w.calculate + w.serialize;
      const share = (v: number) => `${fmt((v / busy) * 100, 1)} %`;
      const idle = Math.max(0, 1 - busy / (computeSeconds * 1000 * pick.workers));
      phases.push(
        `${label}: parse ${share(w.parse)}, validate ${share(w.validate)}, calculate ${share(w.calculate)}, serialize ${share(w.serialize)} of worker time; workers idle or in IPC ${fmt(idle * 100, 1)} % of the compute phase`,
      );
    }
    return [
      '## Batch (`npm run batch`, worker threads on every core, generated monthly payrolls)',
      table(
        [
          'input',
          'lines',
          'workers',
          'lines/s',
          'lines/s after load',
          'load s',
          's per 1M (est.)',
          'CPU s per 1M after load',
          'peak RSS MB',
          'output bytes/line',
          'reference lines/s',
          'vs reference',
        ],
        rows,
      ),
      'reference: one thread parsing each line, computing its monthly payroll with decimal.js (tools/bench/references.ts) and stringifying it, ' +
        "after each batch run; vs reference: the median of each run's lines/s after load over it",
      ...phases,
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 20's batch target: `npm run batch` of `lines` monthly payrolls with trace (1,000,000 for the
 * target), the very command of docs/performance.md's million-line runs, spawned through npm:
 *   npm run --silent batch -- --in IN --out OUT --profiles PROFILES --trace compact --stats
 * on a file of tools/bench/generate-requests.ts (`npx tsx tools/bench/generate-requests.ts 1000000 trace
 * IN PROFILES` writes the same), output to a real file (about 4 GB for a million lines). The figure is the
 * wall time from spawn to exit, npm included; the run's --stats line gives the rest. The input, output
 * and profiles are deleted afterwards. One run: a million lines take about a minute.
 */
export async function benchBatchMillion(
  lines: number,
): Promise<{ text: string; figures: { seconds: number; lines: number; referenceLinesPerSecond: number; ratio: number } }> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-batch1m-'));
  try {
    const input = join(dir, 'in.jsonl');
    const output = join(dir, 'out.jsonl');
    const profiles = join(dir, 'profiles.yaml');
    await writeRequests(input, lines, true);
    writeProfiles(profiles);
    const args = [
      'run',
      '--silent',
      'batch',
      '--',
      '--in',
      input,
      '--out',
      output,
      '--profiles',
      profiles,
      '--trace',
      'compact',
      '--stats',
    ];
    // the reference loop before and after the batch (A B A): their mean is the batch's reference
    const before = referenceLoop(referenceLines(true), REFERENCE_MS);
    const { seconds, summary } = await spawnBatch('npm', args);
    const after = referenceLoop(referenceLines(true), REFERENCE_MS);
    const referenceLinesPerSecond = (before + after) / 2;
    const ratio = lines / seconds / referenceLinesPerSecond;
    if (summary.results !== lines || summary.errors !== 0) throw new Error(`npm run batch: ${JSON.stringify(summary)}`);
    const text = [
      `## Batch, issue 20's target (\`npm run --silent batch -- ... --trace compact --stats\`, ${fmt(lines)} monthly payrolls with trace, one run)`,
      `spawn to exit: ${fmt(seconds, 2)} s; the run's own figures: ${fmt(summary.seconds, 2)} s, engine load ${fmt(summary.engine_load_seconds, 2)} s, ` +
        `${fmt(summary.workers)} workers, ${fmt(summary.cpu_seconds, 1)} CPU-s, peak RSS ${fmt(summary.peak_rss_mb)} MB, ${fmt(summary.output_bytes)} bytes out`,
      `${fmt(lines / seconds)} lines/s spawn to exit; the one-thread decimal.js reference loop before and after it: ${fmt(before)} and ${fmt(after)} lines/s; ` +
        `vs reference: ${formatRatio(ratio)}`,
    ].join('\n');
    return { text, figures: { seconds, lines, referenceLinesPerSecond, ratio } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
