/**
 * The batch pipeline: input bytes -> line chunks -> worker threads -> output in input order. Returns
 * the run's figures (also what --stats prints). Usable in-process (tests, bench) and by tools/batch.ts.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Readable, Writable } from 'node:stream';
import type { ProfileVersion } from '../../engine/index.ts';
import { LineChunker } from './line-chunker.ts';
import { addTimings, zeroTimings, type PhaseTimings } from './phase-timings.ts';
import type { ProgressLine } from './progress.ts';
import type { TraceForm } from './messages.ts';
import { OrderedWorkerPool } from './worker-pool.ts';

export interface BatchOptions {
  input: Readable;
  output: Writable;
  profiles: Map<string, ProfileVersion[]>;
  workers: number;
  /** Lines per chunk; without it, sized automatically (AUTO_CHUNK below). */
  chunkLines?: number;
  maxLineBytes: number;
  /** Sum each worker's time per phase (parse, validate, calculate, serialize). */
  timings?: boolean;
  progress?: ProgressLine;
  /** Write gzip: each chunk compressed by its worker, as one member of a multi-member gzip file (RFC 1952). */
  gzip?: boolean;
  /** Traces as the API answers them (default), or compact with a dictionary (docs/batch.md). */
  trace?: TraceForm;
  mastersDir?: string;
  rulesDir?: string;
  /**
   * The output is done with the bytes it was given once their write's callback has run (a file or
   * standard output: the batch command's), so their buffer can take a later chunk (chunk-output.ts).
   * Off for an output that may keep the chunks themselves (a stream that collects them): each chunk is
   * then a copy of its own.
   */
  recycleOutput?: boolean;
}

export interface BatchSummary {
  run_id: string;
  lines: number;
  results: number;
  errors: number;
  seconds: number;
  engine_load_seconds: number;
  lines_per_second: number;
  workers: number;
  chunk_lines: number;
  peak_rss_mb: number;
  /** Bytes written to the output (compressed with --gzip). */
  output_bytes: number;
  /** CPU time of the whole process (main thread and workers): on a shared machine, the honest cost. */
  cpu_seconds: number;
  /** CPU time spent until every worker had loaded its engine. */
  engine_load_cpu_seconds: number;
  /** What ran: the TypeScript sources under tsx, or the bundle `npm run build` made of them (tools/launch.mjs). */
  code: 'sources' | 'build';
  /** Worker milliseconds per phase, summed over the workers (with timings only). */
  worker_ms?: PhaseTimings;
}

/** This module runs as TypeScript under tsx (else it is in dist/batch.js, bundled by npm run build). */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** A chunk is cut at this many bytes even when it has fewer lines (bounds memory for long lines). */
const MAX_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Automatic chunk size: up to 256 lines (enough to make the per-message cost negligible), but about
 * 1 MB of output per chunk. A result with trace is ~18 KB against ~1.2 KB without, so a fixed 256 lines
 * made 5 MB chunks and, with the garbage they leave in the workers' heaps, pushed peak RSS past 500 MB;
 * 64 lines kept it near 300 MB and ran faster (docs/performance.md).
 */
const AUTO_CHUNK = { firstLines: 32, maxLines: 256, minLines: 8, outputBytes: 1024 * 1024 };

function cpuSeconds(): number {
  const u = process.resourceUsage();
  return (u.userCPUTime + u.systemCPUTime) / 1e6;
}

export async function runBatch(o: BatchOptions): Promise<BatchSummary> {
  const runId = randomUUID();
  const started = performance.now();
  let lines = 0;
  let results = 0;
  let bytesRead = 0;
  let bytesWritten = 0;
  let outputBytes = 0;
  // Small first chunks: the whole window is handed out before the first result tells the output size.
  let chunkLines = o.chunkLines ?? AUTO_CHUNK.firstLines;
  const chunker = new LineChunker(chunkLines, MAX_CHUNK_BYTES, o.maxLineBytes);
  const workerMs = zeroTimings();
  const pool = new OrderedWorkerPool(o.output, o.workers * 4, (m) => {
    lines += m.lines;
    results += m.ok;
    // sized by the results' text, compressed or not: it is what a worker holds in memory per chunk
    bytesWritten += m.textBytes;
    outputBytes += m.bytes.length;
    if (o.chunkLines === undefined && lines > 0) {
      const perLine = bytesWritten / lines;
      chunkLines = Math.max(AUTO_CHUNK.minLines, Math.min(AUTO_CHUNK.maxLines, Math.round(AUTO_CHUNK.outputBytes / perLine)));
      chunker.setChunkLines(chunkLines);
    }
    if (m.timings) addTimings(workerMs, m.timings);
    o.progress?.update(lines, bytesRead);
  });
  try {
    await pool.start(o.workers, {
      // the sources' worker under tsx, or the build's (dist/batch-worker.js beside dist/batch.js: tools/launch.mjs)
      entry: new URL(FROM_SOURCES ? './worker.ts' : './batch-worker.js', import.meta.url).href,
      profiles: [...o.profiles],
      runId,
      maxLineBytes: o.maxLineBytes,
      timings: o.timings ?? false,
      gzip: o.gzip ?? false,
      trace: o.trace ?? 'full',
      recycle: o.recycleOutput ?? false,
      mastersDir: o.mastersDir,
      rulesDir: o.rulesDir,
    });
  } catch (err) {
    await pool.close();
    throw err;
  }
  const loaded = performance.now();
  const loadCpu = cpuSeconds();
  try {
    for await (const buf of o.input as AsyncIterable<Buffer>) {
      bytesRead += buf.length;
      for (const chunk of chunker.push(buf)) await pool.submit(chunk);
    }
    for (const chunk of chunker.end()) await pool.submit(chunk);
    await pool.finish();
  } catch (err) {
    await pool.close();
    throw err;
  }
  o.progress?.done(lines, bytesRead);
  const seconds = (performance.now() - started) / 1000;
  return {
    run_id: runId,
    lines,
    results,
    errors: lines - results,
    seconds: Number(seconds.toFixed(3)),
    engine_load_seconds: Number(((loaded - started) / 1000).toFixed(3)),
    lines_per_second: Math.round(lines / seconds),
    workers: o.workers,
    chunk_lines: chunkLines,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    output_bytes: outputBytes,
    cpu_seconds: Number(cpuSeconds().toFixed(2)),
    engine_load_cpu_seconds: Number(loadCpu.toFixed(2)),
    code: FROM_SOURCES ? 'sources' : 'build',
    ...(o.timings
      ? { worker_ms: Object.fromEntries(Object.entries(workerMs).map(([k, v]) => [k, Math.round(v)])) as unknown as PhaseTimings }
      : {}),
  };
}
