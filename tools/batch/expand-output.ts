/**
 * npm run batch -- --expand: a batch output written with --trace compact, back in the full form, line
 * for line the text a run without it writes (the same calculation ids aside: they are made per run).
 * Lines without a compact trace (errors, results without trace) are written as they were read. The
 * input may be gzip (recognised by its magic bytes, a multi-member file too); the output is gzip with
 * --gzip. One pass, in order: each dictionary entry is defined by the line that first uses it.
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { COMPACT_TRACE_KEY, CompactTraceReader } from '../../engine/index.ts';

const DICTIONARY_KEY = 'trace_dictionary';

/** The full form of one output line (the line itself when it has no compact trace and no dictionary). */
export function expandLine(text: string, reader: CompactTraceReader): string {
  // a cheap look first: most lines of a run without trace, and every error line, need no parse
  if (!text.includes(COMPACT_TRACE_KEY) && !text.includes(DICTIONARY_KEY)) return text;
  const parsed = JSON.parse(text) as Record<string, unknown>;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return text;
  const hasDictionary = Object.hasOwn(parsed, DICTIONARY_KEY);
  const result = parsed.result as Record<string, unknown> | undefined;
  const hasCompact = typeof result === 'object' && result !== null && Object.hasOwn(result, COMPACT_TRACE_KEY);
  if (!hasDictionary && !hasCompact) return text;
  if (hasDictionary) reader.define(parsed[DICTIONARY_KEY]);
  // null prototype: a key named "__proto__" stays a plain key, as JSON.parse made it
  const out = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(parsed)) {
    if (k === DICTIONARY_KEY) continue;
    out[k] = k === 'result' && hasCompact ? reader.expand(result!) : parsed[k];
  }
  return JSON.stringify(out);
}

/** The bytes of `input`, gunzipped when they start with gzip's magic bytes. */
async function* plainBytes(input: Readable): AsyncGenerator<Buffer> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await chunks.next();
  if (first.done) return;
  const all = (async function* () {
    yield first.value;
    for (let n = await chunks.next(); !n.done; n = await chunks.next()) yield n.value;
  })();
  if (first.value[0] === 0x1f && first.value[1] === 0x8b) yield* Readable.from(all).pipe(createGunzip()) as AsyncIterable<Buffer>;
  else yield* all;
}

export interface ExpandSummary {
  lines: number;
  expanded: number;
  seconds: number;
}

/** Expands every line of `input` into `output` (not ended: the caller owns it). */
export async function expandOutput(input: Readable, output: Writable, o: { gzip?: boolean } = {}): Promise<ExpandSummary> {
  const started = performance.now();
  const reader = new CompactTraceReader();
  const sink: Writable = o.gzip ? createGzip({ level: 1 }) : output;
  if (o.gzip) sink.pipe(output, { end: false });
  let lines = 0;
  let expanded = 0;
  const rl = createInterface({ input: Readable.from(plainBytes(input)), crlfDelay: Infinity });
  for await (const text of rl) {
    lines++;
    let full: string;
    try {
      full = expandLine(text, reader);
    } catch (err) {
      throw new Error(`line ${lines} of the input: ${(err as Error).message}`, { cause: err });
    }
    if (full !== text) expanded++;
    if (!sink.write(full + '\n')) await once(sink, 'drain');
  }
  if (o.gzip) {
    sink.end();
    await once(sink, 'end');
  }
  return { lines, expanded, seconds: Number(((performance.now() - started) / 1000).toFixed(3)) };
}
