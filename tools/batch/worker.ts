/**
 * A batch worker thread: loads the engine once, then turns chunks of input lines into chunks of output
 * lines. Blank lines produce nothing; a line's number is its position in the input (1-based).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { CompactTraceWriter, DEFAULT_LOAD_CACHE, LoadError, loadEngine, type Engine } from '../../engine/index.ts';
import type { FromWorker, ToWorker, WorkerData } from './messages.ts';
import { zeroTimings } from './phase-timings.ts';
import { ChunkOutput } from './chunk-output.ts';
import { processLine, tooLargeLine, type LineContext } from './process-line.ts';

const setup = workerData as WorkerData;
const port = parentPort!;
const send = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

let engine: Engine;
try {
  // through the start-up cache, as the server loads (engine/loading/load-cache.ts: keyed by each file's bytes, so
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
const output = new ChunkOutput();
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

port.on('message', (m: ToWorker) => {
  if (m.kind === 'reuse') {
    output.reuse(m.buffer);
    return;
  }
  const { chunk } = m;
  ctx.timings = setup.timings ? zeroTimings() : undefined;
  const oversized = new Set(chunk.oversized);
  const bytes = chunk.bytes;
  output.begin();
  let lines = 0;
  let ok = 0;
  // Each line decoded on its own (the chunk ends with a newline): one string of the whole chunk was a
  // ~200 KB allocation of fresh memory per chunk (chunk-output.ts says why that costs), and each line
  // is then read as the API reads a body, one byte order mark at its start dropped.
  for (let start = 0, line = chunk.firstLine; start < bytes.length; line++) {
    // every line of a chunk ends with a newline (line-chunker.ts); the end of the bytes stands for one anyway
    const found = bytes.indexOf(NEWLINE, start);
    const newline = found === -1 ? bytes.length : found;
    const end = newline > start && bytes[newline - 1] === CARRIAGE_RETURN ? newline - 1 : newline;
    const from = start;
    start = newline + 1;
    if (oversized.has(line)) {
      output.line(tooLargeLine(line, ctx));
      lines++;
      continue;
    }
    const text = decoder.decode(bytes.subarray(from, end));
    if (text.trim() === '') continue;
    const r = processLine(text, line, ctx);
    output.line(r.text);
    lines++;
    if (r.ok) ok++;
  }
  const text = output.end();
  // --gzip: compressed here, on the worker's core (the main thread only writes); a copy, so that the
  // transferred ArrayBuffer is this chunk's alone (zlib's result can share a larger allocation). Without
  // recycling (an output that may keep the bytes it was given) the text is copied out too, so that the
  // worker's buffer stays its own.
  let sent = text;
  if (setup.gzip && text.length > 0) sent = new Uint8Array(gzipSync(text, { level: GZIP_LEVEL }));
  else if (!setup.recycle) sent = text.slice();
  if (sent !== text) output.reuse(text.buffer as ArrayBuffer);
  send({ kind: 'done', seq: chunk.seq, bytes: sent, textBytes: text.length, lines, ok, failed: lines - ok, timings: ctx.timings }, [
    sent.buffer as ArrayBuffer,
  ]);
});

send({ kind: 'ready' });
