/**
 * Instructions per request (user space, all threads) of server builds under valgrind's callgrind: a
 * figure the neighbours on a shared machine cannot move, for before/after pairs of small changes
 * where CPU time is within its noise. Each bundle (a folder holding main.js) is started as the bench
 * starts the server but under `valgrind --tool=callgrind`, warmed up with sequential requests, its
 * counters zeroed (callgrind_control -z), loaded with N more requests on one keep-alive connection,
 * then its counters dumped (callgrind_control -d) and read. Kernel work (the socket write) is not
 * counted. Slow: valgrind runs Node ~50 times slower.
 *
 * Usage: npx tsx tools/bench/instructions-http.ts DIR... [--route trace|no-trace|year-end|cheapest] [--warmup 1500] [--requests 500]
 *          [--node-flags "..."] [--steady] [--log-level warn|info] (warn, as the bench, unless told)
 *
 * --steady, for small changes: `--node-flags "--predictable --initial-old-space-size=3000
 * --max-old-space-size=6000" --warmup 6000 --requests 3000`. With the defaults, two runs of one build
 * differed by up to 12 %: TurboFan was still compiling after 1,500 requests (~460,000 instructions a
 * request of the window, varying with what got compiled when), and a window holds two or three
 * mark-compacts of the whole heap (~60,000 instructions a request each: one more or less moves the
 * total by ~6 %). V8's predictable mode runs the compiler and the GC on the main thread, and an old
 * space too large to fill in the window leaves the mark-compacts out (so the figure leaves out the
 * major GC's share; scavenges stay in). After 6,000 requests the compiler still takes 9,000-42,000
 * instructions a request of the window, differently for two copies of one build (more the slower
 * valgrind goes: functions run by timers and the connection check get hot in wall time), so each
 * build's TurboFan share is printed apart: the rest of two copies of one build agreed within ~0.4 %
 * side by side. Runs at different times differ by ~1 % (work per second of wall time, spread over more
 * or fewer requests), so compare builds within one run. 10-20 minutes for four or five builds on two
 * cores.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { httpSectionTargets, startBenchServer, type BenchServer, type Target } from './http-bench.ts';
import { fmt } from './stats.ts';

/** The HTTP section's routes (httpSectionTargets), by name. */
const ROUTES = ['trace', 'no-trace', 'year-end', 'cheapest'];
const { values: opt, positionals: dirs } = parseArgs({
  allowPositionals: true,
  options: {
    route: { type: 'string', default: 'trace' },
    warmup: { type: 'string', default: '1500' },
    requests: { type: 'string', default: '500' },
    'node-flags': { type: 'string', default: '' },
    'log-level': { type: 'string', default: 'warn' },
    steady: { type: 'boolean', default: false },
  },
});
if (opt.steady) {
  opt['node-flags'] ||= '--predictable --initial-old-space-size=3000 --max-old-space-size=6000';
  if (!process.argv.includes('--warmup')) opt.warmup = '6000';
  if (!process.argv.includes('--requests')) opt.requests = '3000';
}
const routeIndex = ROUTES.indexOf(opt.route!);
if (routeIndex < 0 || dirs.length === 0)
  throw new Error(
    'usage: instructions-http.ts DIR... [--route trace|no-trace|year-end|cheapest] [--warmup N] [--requests N] [--node-flags F] [--steady] [--log-level L]',
  );

function send(agent: http.Agent, b: BenchServer, t: Target): Promise<void> {
  return new Promise((done, fail) => {
    const headers = { 'X-API-Key': b.key, ...(t.body ? { 'Content-Type': 'application/json' } : {}) };
    const req = http.request(b.server.url + t.path, { method: t.method, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? done() : fail(new Error(`status ${res.statusCode}`))));
    });
    req.on('error', fail);
    req.end(t.body);
  });
}

/**
 * The instructions of a dump spent in V8's optimising compiler (functions of v8::internal::compiler,
 * self cost): work of the JIT that lands in the window or not depending on when a function got hot, a
 * periodic one (timers, the connection check) included, which runs more often per request the slower
 * valgrind goes. A callgrind dump names each function once as `fn=(id) name`, later as `fn=(id)`; a
 * cost line right after `calls=` is the cost of that call, not the function's own.
 */
function compilerInstructions(dump: string): number {
  const compiler = new Set<string>();
  let inCompiler = false;
  let afterCall = false;
  let sum = 0;
  for (const line of dump.split('\n')) {
    if (line.startsWith('fn=')) {
      const [, id, name] = /^fn=\((\d+)\)(?: (.*))?/.exec(line)!;
      if (name?.includes('v8::internal::compiler::')) compiler.add(id);
      inCompiler = compiler.has(id);
    } else if (line.startsWith('cfn=')) {
      const [, id, name] = /^cfn=\((\d+)\)(?: (.*))?/.exec(line)!;
      if (name?.includes('v8::internal::compiler::')) compiler.add(id);
    } else if (line.startsWith('calls=')) afterCall = true;
    else if (/^[0-9+*-]/.test(line)) {
      if (inCompiler && !afterCall) sum += Number(line.split(' ')[1] ?? 0);
      afterCall = false;
    }
  }
  return sum;
}

async function instructionsPerRequest(dir: string): Promise<{ all: number; compiler: number }> {
  const out = mkdtempSync(join(tmpdir(), 'payroll-callgrind-'));
  const command = `exec valgrind --tool=callgrind --smc-check=all-non-file --callgrind-out-file=${out}/cg.%p node ${opt['node-flags']} ${resolve(dir, 'main.js')}`;
  const b = await startBenchServer(command, { LOG_LEVEL: opt['log-level'] });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const t = httpSectionTargets()[routeIndex];
    for (let i = 0; i < Number(opt.warmup); i++) await send(agent, b, t);
    const pid = readdirSync(out)[0].split('.').pop()!;
    execFileSync('callgrind_control', ['-z', pid], { stdio: 'ignore' });
    for (let i = 0; i < Number(opt.requests); i++) await send(agent, b, t);
    execFileSync('callgrind_control', ['-d', pid], { stdio: 'ignore' });
    // the dump made by -d is the file with a part number; its "totals:" line is the instruction count
    const dump = readdirSync(out).find((f) => /\.\d+$/.test(f) && f !== `cg.${pid}`)!;
    const text = readFileSync(join(out, dump), 'utf8');
    const totals = /^(?:totals|summary): (\d+)/m.exec(text)!;
    return { all: Number(totals[1]) / Number(opt.requests), compiler: compilerInstructions(text) / Number(opt.requests) };
  } finally {
    agent.destroy();
    await b.stop();
    rmSync(out, { recursive: true, force: true });
  }
}

// Side by side: instruction counts do not depend on what else runs.
const counts = await Promise.allSettled(dirs.map((dir) => instructionsPerRequest(dir)));
for (const [i, dir] of dirs.entries()) {
  const c = counts[i];
  console.log(
    c.status === 'fulfilled'
      ? `${dir} ${opt.route}: ${fmt(c.value.all)} instructions/request (TurboFan compiling ${fmt(c.value.compiler)}, the rest ${fmt(c.value.all - c.value.compiler)})`
      : `${dir} ${opt.route}: failed: ${(c.reason as Error).stack}`,
  );
}
