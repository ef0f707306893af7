/**
 * Instructions per request (user space, all threads) of server builds under valgrind's callgrind: a
 * figure the neighbours on a shared machine cannot move, for before/after pairs of small changes
 * where CPU time is within its noise. Each bundle (a folder holding main.js) is started as the bench
 * starts the server but under `valgrind --tool=callgrind`, warmed up with sequential requests, its
 * counters zeroed (callgrind_control -z), loaded with N more requests on one keep-alive connection,
 * then its counters dumped (callgrind_control -d) and read. Kernel work (the socket write) is not
 * counted. Slow: valgrind runs Node ~50 times slower.
 *
 * Usage: npx tsx tools/bench/instructions-http.ts DIR... [--route trace|no-trace|cheapest] [--warmup 1500] [--requests 500]
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startBenchServer, type BenchServer, type Target } from './http-bench.ts';
import { fmt } from './stats.ts';

const ROUTES = ['trace', 'no-trace', 'cheapest'];
const { values: opt, positionals: dirs } = parseArgs({
  allowPositionals: true,
  options: {
    route: { type: 'string', default: 'trace' },
    warmup: { type: 'string', default: '1500' },
    requests: { type: 'string', default: '500' },
  },
});
const routeIndex = ROUTES.indexOf(opt.route!);
if (routeIndex < 0 || dirs.length === 0)
  throw new Error('usage: instructions-http.ts DIR... [--route trace|no-trace|cheapest] [--warmup N] [--requests N]');

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

async function instructionsPerRequest(dir: string): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), 'payroll-callgrind-'));
  const command = `exec valgrind --tool=callgrind --smc-check=all-non-file --callgrind-out-file=${out}/cg.%p node ${resolve(dir, 'main.js')}`;
  const b = await startBenchServer(command);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const t = b.targets[routeIndex];
    for (let i = 0; i < Number(opt.warmup); i++) await send(agent, b, t);
    const pid = readdirSync(out)[0].split('.').pop()!;
    execFileSync('callgrind_control', ['-z', pid], { stdio: 'ignore' });
    for (let i = 0; i < Number(opt.requests); i++) await send(agent, b, t);
    execFileSync('callgrind_control', ['-d', pid], { stdio: 'ignore' });
    // the dump made by -d is the file with a part number; its "totals:" line is the instruction count
    const dump = readdirSync(out).find((f) => /\.\d+$/.test(f) && f !== `cg.${pid}`)!;
    const totals = /^(?:totals|summary): (\d+)/m.exec(readFileSync(join(out, dump), 'utf8'))!;
    return Number(totals[1]) / Number(opt.requests);
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
      ? `${dir} ${opt.route}: ${fmt(c.value)} instructions/request`
      : `${dir} ${opt.route}: failed: ${(c.reason as Error).stack}`,
  );
}
