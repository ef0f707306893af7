/**
 * What a reload costs the thread that serves: for each data set, the reload as it was (loadEngine on the
 * serving thread) and as it is (loadEngineOffThread: parsing and checks in a worker thread), the wall
 * time, the longest event-loop stall meanwhile (what a request waits at worst) and the peak RSS of the
 * process. Then the hand-back from the worker: JSON text parsed again (what is done) against the same
 * documents as objects through structured clone. Reports figures, asserts nothing (docs/reliability.md
 * keeps them).
 *
 *   npm run measure:reload [-- --runs 3]
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { checkOffThread, loadEngine, loadEngineOffThread } from '../engine/index.ts';
import { writeOversizedMonthlyTable } from './measure-reload/hostile-masters.ts';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, one: { type: 'string' } } });

interface Figures {
  ms: number;
  stallMs: number;
  rssMb: number;
}

/** Runs `reload` while sampling the event loop (10 ms resolution) and the RSS every 10 ms. */
async function measure(reload: () => unknown): Promise<Figures> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let rss = process.memoryUsage.rss();
  const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage.rss())), 10);
  loop.enable();
  await new Promise((r) => setTimeout(r, 50)); // the sampling timer running before the reload starts
  const start = performance.now();
  try {
    await reload();
  } catch {
    // a refused set is an outcome like any other here
  }
  const ms = performance.now() - start;
  await new Promise((r) => setTimeout(r, 50)); // the stall of a blocking reload shows in the next samples
  loop.disable();
  clearInterval(sampler);
  return { ms, stallMs: loop.max / 1e6, rssMb: Math.max(rss, process.memoryUsage.rss()) / 1e6 };
}

/** One measurement in this process (a child of the report: a fresh heap and RSS each time) of the set at `masters`. */
async function one(masters: string, mode: string): Promise<void> {
  loadEngine(); // a set in service: modules and schemas compiled, as in a running server
  const figures = await measure(() =>
    mode === 'off' ? loadEngineOffThread({ mastersDir: masters }) : loadEngine({ mastersDir: masters }),
  );
  console.log(JSON.stringify(figures));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function report(runs: number): Promise<void> {
  const fmt = (f: Figures[]) =>
    `${median(f.map((x) => x.ms)).toFixed(0)} ms, longest stall ${median(f.map((x) => x.stallMs)).toFixed(0)} ms, peak RSS ${median(f.map((x) => x.rssMb)).toFixed(0)} MB`;
  const sets: [string, number][] = [
    ['the project masters', 0],
    ['a 19,000-row table (inside the bounds, refused by its invariants)', 19_000],
    ['a 1,000,000-row table (refused by its size)', 1_000_000],
  ];
  const dir = mkdtempSync(join(tmpdir(), 'payroll-measure-reload-'));
  for (const [name, rows] of sets) {
    const masters = join(dir, `masters-${rows}`);
    cpSync(join(ROOT, 'masters'), masters, { recursive: true });
    if (rows) writeOversizedMonthlyTable(masters, rows);
    const lines = [name + ` (median of ${runs}):`];
    for (const [mode, label] of [
      ['on', 'on the serving thread: '],
      ['off', 'off the serving thread:'],
    ]) {
      const figures: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        const out = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--one', `${masters},${mode}`], { cwd: ROOT });
        figures.push(JSON.parse(out.toString().trim().split('\n').at(-1)!) as Figures);
      }
      lines.push(`  ${label} ${fmt(figures)}`);
    }
    console.log(lines.join('\n'));
    rmSync(masters, { recursive: true, force: true });
  }
  rmSync(dir, { recursive: true, force: true });

  // the hand-back: the checked documents as JSON text (parsed again on the serving thread) or as objects (structured clone)
  const checked = await checkOffThread({});
  const objects = checked.documents.map(([, json]) => JSON.parse(json) as unknown);
  const bytes = checked.documents.reduce((n, [, json]) => n + json.length, 0);
  const time = (fn: () => unknown) => {
    const xs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      fn();
      xs.push(performance.now() - t);
    }
    return median(xs).toFixed(1);
  };
  loadEngine({ checked }); // compiled once, as in a running server
  console.log(
    `hand-back of ${checked.documents.length} checked documents (${(bytes / 1e6).toFixed(1)} MB of JSON):\n` +
      `  JSON text, parsed on the serving thread: ${time(() => checked.documents.map(([, json]) => JSON.parse(json)))} ms` +
      ` (the text itself crosses threads as one copy: ${time(() => structuredClone(checked.documents))} ms)\n` +
      `  objects through structured clone:        ${time(() => structuredClone(objects))} ms\n` +
      `  the engine built from the checked set (serving thread): ${time(() => loadEngine({ checked }))} ms`,
  );
}

if (values.one) {
  const [masters, mode] = values.one.split(',');
  await one(masters, mode);
} else await report(Number(values.runs));
