/**
 * Where a request's CPU goes in the server, in one command: the server bundled as `npm run build`
 * bundles it (plus source maps, into .tmp/profile-dist), started as the HTTP bench starts it
 * (PAYROLL_WORKERS=1, temporary SQLite store, rate limit raised, LOG_LEVEL=warn unless --log-level)
 * under `node --cpu-prof`, loaded by autocannon (CONNECTIONS connections) on one route, stopped with
 * SIGTERM; then only the samples of the measured window (after the warm-up) are ranked, idle time left
 * out, as shares of the busy time and as µs per answered request: by area (source file or package),
 * by function (self time) and by function with its callees (total time).
 * With --workers 2 the workers' samples are pooled; a sample is wall time on a thread that was not idle,
 * so where the workers share the cores with the load generator the time a worker waited, preempted,
 * counts too (mostly inside the socket write whose wake-up preempted it): read such a profile's shares
 * beside the /proc CPU figure of its first lines, not as CPU.
 *
 * Usage: npx tsx tools/bench/profile-http.ts [--route trace|no-trace|year-end|cheapest] [--seconds 10]
 *          [--warmup 3] [--workers 1] [--log-level warn] [--top 30] [--interval-us 250] [--out FILE.cpuprofile]
 *          [--database-url postgres://... (an empty database: PostgreSQL instead of SQLite)] [--redis-url redis://...]
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CONNECTIONS, httpSectionTargets, load, startBenchServer } from './http-bench.ts';
import { rankBy, ranked, readProfile, samplesOf, type CallFrame, type ProfileNode } from './cpu-profile.ts';
import { ROOT } from './server-process.ts';
import { build } from 'esbuild';
import { SERVER } from '../build.ts';

const { values: opt } = parseArgs({
  options: {
    route: { type: 'string', default: 'trace' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    'log-level': { type: 'string', default: 'warn' },
    top: { type: 'string', default: '30' },
    'interval-us': { type: 'string', default: '250' },
    out: { type: 'string' },
    'database-url': { type: 'string' },
    'redis-url': { type: 'string' },
    workers: { type: 'string', default: '1' },
  },
});
/** The HTTP section's routes (httpSectionTargets), by name. */
const ROUTES = ['trace', 'no-trace', 'year-end', 'cheapest', 'healthz'];
const routeIndex = ROUTES.indexOf(opt.route!);
if (routeIndex < 0) throw new Error(`--route must be one of ${ROUTES.join(', ')}`);

const outDir = join(ROOT, '.tmp/profile-dist');
const profDir = join(ROOT, '.tmp/prof');

/**
 * `npm run build`'s esbuild step of the server bundle (tools/build.ts's SERVER, so the profile follows
 * the build), with source maps, into outDir. The bundle is run directly, without dist/main.js's code
 * cache: the profile is of the steady state, where the cache plays no part.
 */
async function buildWithSourceMaps(): Promise<void> {
  await build({ ...SERVER, absWorkingDir: ROOT, outfile: join(outDir, 'server.cjs'), sourcemap: true });
}

await buildWithSourceMaps();
rmSync(profDir, { recursive: true, force: true });
mkdirSync(profDir, { recursive: true });
const command = `exec node --cpu-prof --cpu-prof-dir=${profDir} --cpu-prof-interval=${opt['interval-us']} ${join(outDir, 'server.cjs')}`;
const bench = await startBenchServer(command, {
  LOG_LEVEL: opt['log-level'],
  ...(opt['database-url'] ? { PAYROLL_DATABASE_URL: opt['database-url'] } : {}),
  ...(opt['redis-url'] ? { PAYROLL_REDIS_URL: opt['redis-url'] } : {}),
  PAYROLL_WORKERS: opt.workers,
});
const target = httpSectionTargets()[routeIndex];
let window: { from: number; to: number; requests: number; rps: number; cpuUsPerRequest: number };
try {
  await load(bench.server, bench.key, target, Number(opt.warmup));
  // process.hrtime and the profile's timestamps are both CLOCK_MONOTONIC microseconds (Linux).
  const from = Number(process.hrtime.bigint() / 1000n);
  const figures = await load(bench.server, bench.key, target, Number(opt.seconds));
  const to = Number(process.hrtime.bigint() / 1000n);
  window = { from, to, requests: figures.requests, rps: figures.rps, cpuUsPerRequest: figures.cpuUsPerRequest };
} finally {
  await bench.stop();
}
// one profile per process: with --workers N, the cluster primary's and each worker's (their samples are
// pooled: the figures are per request answered by any of them)
const files = readdirSync(profDir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => join(profDir, f));
const file = files[0];
if (opt.out) copyFileSync(file, opt.out);

// Frames named after their original source through the bundle's source map.
const map = new SourceMap(JSON.parse(readFileSync(join(outDir, 'server.cjs.map'), 'utf8')));
const bundleUrl = `file://${join(outDir, 'server.cjs')}`;
function sourceOf(f: CallFrame): { file: string; line: number } | null {
  if (f.url !== bundleUrl) return null;
  const entry = map.findEntry(f.lineNumber, f.columnNumber) as { originalSource?: string; originalLine?: number };
  if (!entry.originalSource) return null;
  // esbuild names sources relative to the map's folder
  return { file: relative(ROOT, resolve(outDir, entry.originalSource.replace('file://', ''))), line: entry.originalLine! + 1 };
}
/** node_modules/<package>, a project file, node:<module> or a native category ((garbage collector), (program)). */
const memo = <T>(f: (n: ProfileNode) => T) => {
  const seen = new Map<ProfileNode, T>();
  return (n: ProfileNode) => {
    if (!seen.has(n)) seen.set(n, f(n));
    return seen.get(n)!;
  };
};
const areaOf = memo((n: ProfileNode): string => {
  const f = n.callFrame;
  const src = sourceOf(f);
  if (src) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(src.file);
    return pkg ? `npm:${pkg[1]}` : src.file;
  }
  if (f.url.startsWith('node:')) return f.url;
  if (f.url) return relative(ROOT, f.url.replace('file://', ''));
  return f.functionName.startsWith('(') ? f.functionName : `native ${f.functionName}`;
});
const functionOf = memo((n: ProfileNode): string => {
  const f = n.callFrame;
  const src = sourceOf(f);
  const where = src ? `${src.file}:${src.line}` : f.url ? `${f.url.replace(`file://${ROOT}/`, '')}:${f.lineNumber + 1}` : 'native';
  return `${f.functionName || '(anonymous)'} (${where})`;
});

/**
 * The parts of a request. A sample belongs to the part of the frame nearest its leaf that some part
 * claims (a part claims frames by area and function name), so a library called by the engine counts
 * as engine and the outer middleware that awaits the rest of the chain claims only its own time.
 */
const PARTS: [string, (area: string, fn: string) => boolean][] = [
  ['garbage collector', (a) => a === '(garbage collector)'],
  [
    'cross-field validation (engine code)',
    (a, f) => a.startsWith('engine/calculating/validation/') || /^validate\d* \(engine\/engine\.ts/.test(f),
  ],
  ['engine calculate', (a) => a.startsWith('engine/')],
  ['size guard', (a) => a === 'server/app/validation/size-guard.ts'],
  [
    'schema validation (AJV)',
    (a, f) => a.startsWith('server/app/validation/') || a === 'npm:ajv' || a === 'npm:ajv-formats' || /^validate\d+ \(native/.test(f),
  ],
  ['response: UTF-8 encoding', (a) => a === 'server/app/http/utf8-bytes.ts' || a === 'node:buffer'],
  ['response: JSON.stringify', (_, f) => /^(encodeJsonAnswer|respond) /.test(f)],
  [
    'response: head and socket write',
    (a) => a === 'node:_http_outgoing' || a === 'native writev' || a === 'node:internal/stream_base_commons' || a === 'node:net',
  ],
  // the whole read: the scan (scanned-body, json-scan, json-numbers) and, before the body was read once, koa-bodyparser's packages
  [
    'body read and JSON.parse',
    (a) =>
      /json-body|scanned-body|json-scan|json-numbers|json-refusals|bodyparser|co-body|raw-body|inflation|bourne|iconv-lite|type-is/.test(a),
  ],
  ['key check (hash, cache)', (a) => a.startsWith('server/app/auth/') || a === 'node:internal/crypto/hash' || a === 'npm:lru-cache'],
  ['store reads (account generation)', (a) => a.startsWith('server/app/store/')],
  ['rate limiter', (a) => a.startsWith('server/app/rate-limit/') || a === 'npm:rate-limiter-flexible'],
  ['request log (pino)', (a) => /request-log|pino|sonic-boom/.test(a)],
  ['request id', (a) => a === 'server/app/middleware/request-id.ts' || a === 'node:internal/crypto/random'],
  [
    'Koa, router, other middleware',
    (a) =>
      /^npm:(koa|koa-compose|@koa\/router|delegates|path-to-regexp|statuses|on-finished|accepts|mime-types|encodeurl|vary)$/.test(a) ||
      a.startsWith('server/'),
  ],
  ['Node HTTP parser and socket read', (a) => a === 'node:_http_common' || a === 'node:_http_server' || a === 'node:_http_incoming'],
];
/** Node's own streams, events and microtask queue: only when no part claims any frame of the stack. */
const NODE_INTERNALS = 'Node internals (events, streams, microtasks)';

function partOf(stack: ProfileNode[]): string {
  for (const n of stack) {
    const part = PARTS.find(([, claims]) => claims(areaOf(n), functionOf(n)));
    if (part) return part[0];
  }
  return stack.some((n) => areaOf(n).startsWith('node:') || areaOf(n).startsWith('native ')) ? NODE_INTERNALS : 'other';
}

const samples = files
  .flatMap((f) => samplesOf(readProfile(f)))
  .filter((s) => s.at >= window.from && s.at < window.to && s.stack[0].callFrame.functionName !== '(idle)');
const busy = samples.reduce((sum, s) => sum + s.us, 0);
const top = Number(opt.top);
const perRequest = window.requests;
const byArea = rankBy(samples, areaOf);
const byPart = new Map<string, number>();
for (const { stack, us } of samples) byPart.set(partOf(stack), (byPart.get(partOf(stack)) ?? 0) + us);
const byFunction = rankBy(samples, functionOf);
console.log(
  [
    `# ${target.name}: ${CONNECTIONS} connections, LOG_LEVEL=${opt['log-level']}, ${opt.seconds} s measured after ${opt.warmup} s warm-up`,
    `${Math.round(window.rps)} req/s, ${window.requests} requests; server CPU (all threads, /proc) ${window.cpuUsPerRequest.toFixed(0)} µs/request; main thread busy ${(busy / 1000).toFixed(0)} ms of ${((window.to - window.from) / 1000).toFixed(0)} ms = ${(busy / perRequest).toFixed(0)} µs/request`,
    `profile: ${files.join(', ')}`,
    '',
    '## by part of the request',
    ...ranked(byPart, busy, PARTS.length + 2, perRequest),
    '',
    '## by area (self time)',
    ...ranked(byArea.self, busy, top, perRequest),
    '',
    '## by area (total time, with callees)',
    ...ranked(byArea.total, busy, top, perRequest),
    '',
    '## by function (self time)',
    ...ranked(byFunction.self, busy, top, perRequest),
    '',
    '## by function (total time, with callees)',
    ...ranked(byFunction.total, busy, top, perRequest),
  ].join('\n'),
);
