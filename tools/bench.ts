/**
 * npm run bench: every performance figure of the service in one report (docs/performance.md) -- the
 * machine, Node and date first, then the median of several runs of: the engine per calculation type,
 * the per-line overheads around it, HTTP with autocannon against the server process, start-up, and
 * the batch command. Figures only: no test asserts a timing.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { benchBatch } from './bench/batch-bench.ts';
import { benchEngine } from './bench/engine-bench.ts';
import { benchHttp } from './bench/http-bench.ts';
import { benchScale } from './bench/scale-bench.ts';
import { benchStartup } from './bench/startup-bench.ts';

const SECTIONS = ['engine', 'http', 'scale', 'startup', 'batch'] as const;
type Section = (typeof SECTIONS)[number];
/** Run when no --only is given; scale starts its own PostgreSQL database and redis-server, so it is asked for. */
const DEFAULT_SECTIONS: Section[] = ['engine', 'http', 'startup', 'batch'];

const HELP = `Usage: npm run bench [-- --quick] [-- --http] [-- --only engine,http,scale,startup,batch] [-- --runs N]

  --quick          short runs (one run each, small batch files): checks that every figure is produced
  --http           the HTTP figures: sections http and scale (1 worker, 2 workers, 2 processes on
                   PostgreSQL + Redis and PostgreSQL alone; store round trips per request; bytes)
  --only LIST      run only these sections (comma-separated: ${SECTIONS.join(', ')}; default all but scale)
  --runs N         runs per figure, the median is reported (default 3; 1 with --quick)
  --help           this text`;

function fail(message: string): never {
  process.stderr.write(`bench: ${message}. See --help.\n`);
  process.exit(2);
}

let values;
try {
  values = parseArgs({
    options: {
      quick: { type: 'boolean' },
      http: { type: 'boolean' },
      only: { type: 'string' },
      runs: { type: 'string' },
      help: { type: 'boolean' },
    },
  }).values;
} catch (err) {
  fail((err as Error).message);
}
if (values.help) {
  process.stdout.write(HELP + '\n');
  process.exit(0);
}
const quick = values.quick ?? false;
const only = (values.only?.split(',').map((s) => s.trim()) ?? (values.http ? ['http', 'scale'] : DEFAULT_SECTIONS)) as Section[];
for (const s of only) if (!SECTIONS.includes(s)) fail(`unknown section ${JSON.stringify(s)} (one of ${SECTIONS.join(', ')})`);
if (values.runs !== undefined && !/^[1-9]\d*$/.test(values.runs))
  fail(`--runs must be a positive integer, got ${JSON.stringify(values.runs)}`);
const runs = values.runs ? Number(values.runs) : quick ? 1 : 3;

const cpu = cpus();
console.log('# Payroll service benchmark');
console.log(
  `machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores; load average at start ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`node ${process.version}; ${new Date().toISOString()}; ${quick ? 'quick mode' : 'full mode'}, median of ${runs} run(s)`);

const sections: Record<Section, () => Promise<string> | string> = {
  engine: () => benchEngine(runs, quick ? 200 : 2_000),
  http: () => benchHttp(runs, quick ? 1 : 5),
  scale: () => benchScale(runs, quick ? 1 : 5, quick ? 1 : 10),
  startup: () => benchStartup(quick ? 1 : Math.max(runs, 5)),
  batch: () => benchBatch(runs, quick ? { withoutTrace: 2_000, withTrace: 1_000 } : { withoutTrace: 100_000, withTrace: 20_000 }),
};
for (const s of SECTIONS) {
  if (!only.includes(s)) continue;
  console.log('\n' + (await sections[s]()));
}
console.log(
  `\nload average at end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
