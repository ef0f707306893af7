/**
 * A batch worker thread: loads the engine once, then turns chunks of input lines into chunks of output
 * lines. Blank lines produce nothing; a line's number is its position in the input (1-based).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { CompactTraceWriter, DEFAULT_LOAD_CACHE, LoadError, loadEngine, type Engine } from '../../engine/index.ts';
import type { FromWorker, ToWorker, WorkerData } from './messages.ts';
import { zeroTimings } from './phase-timings.ts';
import { processLine, tooLargeLine, type LineContext } from './process-line.ts';

const setup = workerData as WorkerData;
const port = parentPort!;
const send = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

let engine: Engine;
try {
  // through the start-up cache, as the server loads (engine/load-cache.ts: keyed by each file's bytes, so
  // any masters and rules folders; an edited file is parsed in full): without it each worker parsed every
  // YAML file and compiled every schema again, seconds of every batch run
  engine = loadEngine({ mastersDir: setup.mastersDir, rulesDir: setup.rulesDir, cacheFile: DEFAULT_LOAD_CACHE });
} catch (err) {
  const message = err instanceof LoadError ? err.problems.map((p) => `${p.file} ${p.path}: ${p.message}`).join('\n') : String(err);
  send({ kind: 'load-failed', message });
  process.exit(1);
}

const ctx: LineContext = {
  engine,
  profiles: new Map(setup.profiles),
  runId: setup.runId,
  maxLineBytes: setup.maxLineBytes,
  // ids i, i + n, i + 2n, ... for worker i of n: the workers' entries never share an id, and each worker's
  // lines reach the output in the order it wrote them, so an entry is always defined before its first use
  compact: setup.trace === 'compact' ? new CompactTraceWriter({ firstId: setup.workerIndex, idStep: setup.workerCount }) : undefined,
  onInternalError(err, line) {
    // Name and stack frames only: an error message can quote input values (employee data).
    const frames = err instanceof Error && err.stack ? err.stack.split('\n').slice(1).join('\n') : '';
    process.stderr.write(`batch: internal error on line ${line}: ${err instanceof Error ? err.name : typeof err}\n${frames}\n`);
  },
};
/** Fastest level: with trace a line is ~38 KB of JSON, and level 1 already makes it about a fifth. */
const GZIP_LEVEL = 1;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

port.on('message', ({ chunk }: ToWorker) => {
  ctx.timings = setup.timings ? zeroTimings() : undefined;
  const oversized = new Set(chunk.oversized);
  const texts = decoder.decode(chunk.bytes).split('\n');
  const out: string[] = [];
  let ok = 0;
  // The chunk ends with a newline, so the last element is the empty rest after it.
  for (let i = 0; i < texts.length - 1; i++) {
    const line = chunk.firstLine + i;
    if (oversized.has(line)) {
      out.push(tooLargeLine(line, ctx));
      continue;
    }
    const text = texts[i].endsWith('\r') ? texts[i].slice(0, -1) : texts[i];
    if (text.trim() === '') continue;
    const r = processLine(text, line, ctx);
    out.push(r.text);
    if (r.ok) ok++;
  }
  const text = encoder.encode(out.length ? out.join('\n') + '\n' : '');
  // --gzip: compressed here, on the worker's core (the main thread only writes); a copy, so that the
  // transferred ArrayBuffer is this chunk's alone (zlib's result can share a larger allocation)
  const bytes = setup.gzip && text.length > 0 ? new Uint8Array(gzipSync(text, { level: GZIP_LEVEL })) : text;
  send(
    { kind: 'done', seq: chunk.seq, bytes, textBytes: text.length, lines: out.length, ok, failed: out.length - ok, timings: ctx.timings },
    [bytes.buffer as ArrayBuffer],
  );
});

send({ kind: 'ready' });
