/**
 * One batch line from text to output text: the line's shape, then the request as an item of the HTTP
 * batch (server/app/batch/process-item.ts, the order of checks of a single call): request schema
 * (defaults filled in), cross-field rules, attendance conflict, company, then the engine. Every failure becomes the API's error envelope with
 * the HTTP status the API would have answered; the line number is on every output line.
 */
import { performance } from 'node:perf_hooks';
import { calculationJson, type Calculation, type CompactTraceWriter, type Engine, type ProfileVersion } from '../../engine/index.ts';
import { processItem } from '../../server/app/batch/process-item.ts';
import { ApiError } from '../../server/app/errors/api-error.ts';
import { errorEnvelopeBody } from '../../server/app/errors/envelope-body.ts';
import { toApiError } from '../../server/app/errors/to-api-error.ts';
import { schemaDetails } from '../../server/app/validation/validate-body.ts';
import { requestSchemaFor } from '../../server/app/validation/request-schemas.ts';
import { readBatchLine } from './line-envelope.ts';
import type { PhaseTimings } from './phase-timings.ts';

export interface LineContext {
  engine: Engine;
  /** company_id -> its stored profile versions */
  profiles: ReadonlyMap<string, ProfileVersion[]>;
  /** The run's id, given as request_id in every error envelope of the run (uuid, like the API's). */
  runId: string;
  /** PAYROLL_MAX_BODY_BYTES: the API's body limit, also the limit of a line (checked by the chunker). */
  maxLineBytes: number;
  /** Filled when the caller wants phase figures (--stats). */
  timings?: PhaseTimings;
  /** --trace compact: results are written with compact traces by this writer (one per worker). */
  compact?: CompactTraceWriter;
  /** Told about internal errors (name and stack only: a message can carry input values). */
  onInternalError?: (err: unknown, line: number) => void;
}

function errorLine(line: number, error: ApiError, runId: string): string {
  return JSON.stringify({ line, status: error.status, ...errorEnvelopeBody(error, runId) });
}

function compute(text: string, ctx: LineContext, t: PhaseTimings | undefined): Calculation {
  let mark = t ? performance.now() : 0;
  const lap = (phase: keyof PhaseTimings) => {
    if (!t) return;
    const now = performance.now();
    t[phase] += now - mark;
    mark = now;
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('malformed_json');
  }
  lap('parse');
  const { endpoint, request } = readBatchLine(parsed);
  const item = { endpoint, request, schemaDetails: schemaDetails(requestSchemaFor(ctx.engine, endpoint.requestSchema), request) };
  // the checks and the calculation of an item of the HTTP batch; admitted at once, the phases timed apart
  return processItem(
    ctx.engine,
    item,
    (id) => ctx.profiles.get(id),
    (calculate) => {
      lap('validate');
      const calc = calculate();
      lap('calculate');
      return calc;
    },
  );
}

/**
 * The output line of a calculation. Full: JSON.stringify({ line, status: 200, result }) of its plain
 * result (engine/trace/json-writer.ts). Compact: the trace compact, and the dictionary entries this
 * writer made for it under "trace_dictionary" (before "result", so a reader defines them first);
 * expand-output.ts turns it back into the full line.
 */
function resultLine(line: number, calc: Calculation, compact: CompactTraceWriter | undefined): string {
  if (!compact) return `{"line":${line},"status":200,"result":${calculationJson(calc)}}`;
  const json = compact.write(calc);
  // taken only once the result is written: entries made for a line that failed go with the next one
  const dictionary = compact.takeDictionary();
  return `{"line":${line},"status":200,${dictionary ? `"trace_dictionary":${dictionary},` : ''}"result":${json}}`;
}

/** The output line (JSON, no newline) for input line number `line`, and whether it is a result. */
export function processLine(text: string, line: number, ctx: LineContext): { text: string; ok: boolean } {
  try {
    const result = compute(text, ctx, ctx.timings);
    const start = ctx.timings ? performance.now() : 0;
    const out = resultLine(line, result, ctx.compact);
    if (ctx.timings) ctx.timings.serialize += performance.now() - start;
    return { text: out, ok: true };
  } catch (err) {
    const { error, internal } = toApiError(err, ctx.maxLineBytes);
    if (internal) ctx.onInternalError?.(err, line);
    return { text: errorLine(line, error, ctx.runId), ok: false };
  }
}

/** The answer for a line longer than the limit (the chunker dropped its bytes as they came). */
export function tooLargeLine(line: number, ctx: LineContext): string {
  return errorLine(line, new ApiError('payload_too_large', { params: { limit: ctx.maxLineBytes } }), ctx.runId);
}
