/**
 * npm run batch -- --in requests.jsonl --out results.jsonl: many calculations offline, one JSON request
 * per line, on every core, results in input order (docs/batch.md). Exit codes: 0 every line computed,
 * 3 the run completed but some lines are errors (their envelopes are in the output, a summary on stderr),
 * 1 the run failed (input, output, engine load, store), 2 bad command line.
 */
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { ProfileVersion } from '../engine/index.ts';
import { readConfig } from '../server/boot/config.ts';
import { loadProfilesFile } from './batch/profiles-file.ts';
import { loadProfilesFromStore } from './batch/profiles-store.ts';
import { ProgressLine } from './batch/progress.ts';
import { expandOutput } from './batch/expand-output.ts';
import type { TraceForm } from './batch/messages.ts';
import { runBatch } from './batch/run-batch.ts';

const HELP = `Usage: npm run batch -- --in FILE|- --out FILE|- (--profiles FILE.yaml | --account ACCOUNT_ID) [options]
       npm run batch -- --expand --in FILE|- --out FILE|- [--gzip]

Computes one calculation per input line, e.g.
  {"type":"monthly_payroll","request":{ ...the API request body... }}
  {"path":"/v1/payroll/bonus:calculate","request":{ ... }}
and writes one line per input line, in input order:
  {"line":1,"status":200,"result":{ ...as the API answers... }}
  {"line":2,"status":422,"error":{"code":"validation_error", ...the API's error envelope... }}

  --in FILE|-          requests as JSON lines ("-": standard input)
  --out FILE|-         results as JSON lines ("-": standard output)
  --profiles FILE      company profiles from a YAML file (companies: [{company_id, profile_puts | profile_versions}])
  --account ID         company profiles of this account from the store (PAYROLL_DATABASE_URL, else PAYROLL_DB), read-only
  --workers N          worker threads (default: one per core, ${availableParallelism()} here)
  --chunk-lines N      lines per message to a worker (default: automatic, up to 256 lines and about 1 MB of results)
  --gzip               write the output gzip-compressed (compressed by the workers; e.g. --out results.jsonl.gz)
  --trace full|compact traces as the API answers them (default), or compact: each step's rule, formula,
                       provenance, input names and master references written once in a dictionary, per
                       result only the step's values (about a tenth of the bytes; docs/batch.md)
  --expand             turn an output written with --trace compact (gzip or not) back into the full form
  --stats              print the run's figures as one JSON line on stderr at the end
  --no-progress        no progress line (shown only when stderr is a terminal anyway)
  --help               this text

Lines longer than PAYROLL_MAX_BODY_BYTES get the API's 413 payload_too_large; blank lines are skipped.
The masters and rules are the server's (PAYROLL_MASTERS_DIR, PAYROLL_RULES_DIR). See docs/batch.md.

Exit status: 0 every line computed; 3 the run completed but some lines are errors (each an error envelope
in the output; a summary on stderr); 1 the run failed (input, output, engine load, store); 2 bad usage.`;

/** The run completed, but some lines are error envelopes: a script must not take it for a clean run. */
const EXIT_LINES_FAILED = 3;

class UsageError extends Error {}

function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^[1-9]\d*$/.test(value)) throw new UsageError(`--${name} must be a positive integer, got ${JSON.stringify(value)}`);
  return Number(value);
}

function parseCommandLine(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      options: {
        in: { type: 'string' },
        out: { type: 'string' },
        profiles: { type: 'string' },
        account: { type: 'string' },
        workers: { type: 'string' },
        'chunk-lines': { type: 'string' },
        stats: { type: 'boolean' },
        gzip: { type: 'boolean' },
        trace: { type: 'string' },
        expand: { type: 'boolean' },
        'no-progress': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (parsed.help) return { help: true as const };
  if (!parsed.in) throw new UsageError('--in is required (a file, or - for standard input)');
  if (!parsed.out) throw new UsageError('--out is required (a file, or - for standard output)');
  if (parsed.expand) {
    const other = ['profiles', 'account', 'workers', 'chunk-lines', 'trace'].find((k) => parsed[k as keyof typeof parsed] !== undefined);
    if (other) throw new UsageError(`--expand takes only --in, --out, --gzip, --stats: not --${other}`);
    return {
      help: false as const,
      expand: true as const,
      in: parsed.in,
      out: parsed.out,
      gzip: parsed.gzip ?? false,
      stats: parsed.stats ?? false,
    };
  }
  if (parsed.trace !== undefined && parsed.trace !== 'full' && parsed.trace !== 'compact')
    throw new UsageError(`--trace must be full or compact, got ${JSON.stringify(parsed.trace)}`);
  if (!parsed.profiles === !parsed.account) throw new UsageError('give exactly one of --profiles FILE or --account ACCOUNT_ID');
  return {
    help: false as const,
    expand: false as const,
    in: parsed.in,
    out: parsed.out,
    profiles: parsed.profiles,
    account: parsed.account,
    workers: positiveInteger(parsed.workers, 'workers', availableParallelism()),
    chunkLines: parsed['chunk-lines'] === undefined ? undefined : positiveInteger(parsed['chunk-lines'], 'chunk-lines', 0),
    stats: parsed.stats ?? false,
    gzip: parsed.gzip ?? false,
    trace: (parsed.trace ?? 'full') as TraceForm,
    progress: !parsed['no-progress'] && process.stderr.isTTY,
  };
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseCommandLine(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`batch: ${err.message}. See --help.\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  if (args.expand) return expand(args);
  const config = readConfig();
  let profiles: Map<string, ProfileVersion[]>;
  try {
    profiles = args.profiles ? loadProfilesFile(args.profiles) : await loadProfilesFromStore(config, args.account!);
  } catch (err) {
    process.stderr.write(`batch: cannot read the company profiles: ${(err as Error).message}\n`);
    return 1;
  }
  const input: Readable = args.in === '-' ? process.stdin : createReadStream(args.in, { highWaterMark: 256 * 1024 });
  const output: Writable = args.out === '-' ? process.stdout : createWriteStream(args.out);
  const totalBytes = args.in === '-' ? undefined : statSync(args.in).size;
  const summary = await runBatch({
    input,
    output,
    profiles,
    workers: args.workers,
    chunkLines: args.chunkLines,
    maxLineBytes: config.maxBodyBytes,
    timings: args.stats,
    gzip: args.gzip,
    trace: args.trace,
    progress: args.progress ? new ProgressLine(process.stderr, totalBytes) : undefined,
    mastersDir: config.mastersDir,
    rulesDir: config.rulesDir,
    // a file stream or standard output: done with a chunk's bytes once its write's callback has run
    recycleOutput: true,
  });
  if (output !== process.stdout) {
    output.end();
    await finished(output);
  }
  // The failure summary first, so that with --stats the last line of stderr stays the JSON figures.
  if (summary.errors > 0) {
    process.stderr.write(
      `batch: ${summary.errors} of ${summary.lines} lines failed; each is an error envelope ("status" 4xx) in the output (exit ${EXIT_LINES_FAILED})\n`,
    );
  }
  if (args.stats) process.stderr.write(JSON.stringify(summary) + '\n');
  else if (args.progress) process.stderr.write(`${summary.lines} lines (${summary.errors} errors) in ${summary.seconds} s\n`);
  return summary.errors > 0 ? EXIT_LINES_FAILED : 0;
}

async function expand(args: { in: string; out: string; gzip: boolean; stats: boolean }): Promise<number> {
  const input: Readable = args.in === '-' ? process.stdin : createReadStream(args.in, { highWaterMark: 256 * 1024 });
  const output: Writable = args.out === '-' ? process.stdout : createWriteStream(args.out);
  const summary = await expandOutput(input, output, { gzip: args.gzip });
  if (output !== process.stdout) {
    output.end();
    await finished(output);
  }
  if (args.stats) process.stderr.write(JSON.stringify(summary) + '\n');
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    process.stderr.write(`batch: ${(err as Error).message}\n`);
    process.exitCode = 1;
  },
);
