/**
 * Before/after pairs of the HTTP bench: two server bundles (folders holding a main.js, e.g. dist/ of
 * the previous commit copied to .tmp/dist-before, and dist/) started as the bench starts the server,
 * then loaded in turn, A B A B ..., on the same routes, so both see the same neighbours; prints each
 * run and the medians (req/s, p99, server CPU µs/request, the figure to compare on a shared machine).
 * --together loads both at the same moment, half the connections each: both then share the cores and
 * whatever else runs, which makes their CPU per request comparable when the neighbours come and go.
 *
 * Usage: npx tsx tools/bench/ab-http.ts DIR_A DIR_B [--rounds 3] [--seconds 5] [--routes trace,no-trace,cheapest] [--log-level warn] [--together]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CONNECTIONS, load, startBenchServer, type BenchServer, type Figures } from './http-bench.ts';
import { fmt, medianOf, table } from './stats.ts';

const ROUTES = ['trace', 'no-trace', 'cheapest'];
const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    routes: { type: 'string', default: 'trace' },
    'log-level': { type: 'string', default: 'warn' },
    together: { type: 'boolean', default: false },
  },
});
if (positionals.length !== 2)
  throw new Error('usage: ab-http.ts DIR_A DIR_B [--rounds N] [--seconds S] [--routes trace,no-trace,cheapest]');
const routes = opt.routes!.split(',').map((r) => ROUTES.indexOf(r.trim()));
if (routes.some((r) => r < 0)) throw new Error(`--routes: each one of ${ROUTES.join(', ')}`);
const seconds = Number(opt.seconds);

const servers: BenchServer[] = [];
try {
  for (const dir of positionals)
    servers.push(await startBenchServer(`exec node ${resolve(dir, 'main.js')}`, { LOG_LEVEL: opt['log-level'] }));
  // Warm-up: JIT and caches, not counted.
  for (const s of servers) for (const r of routes) await load(s.server, s.key, s.targets[r], 1);
  const runs: Figures[][][] = servers.map(() => routes.map(() => []));
  for (let round = 0; round < Number(opt.rounds); round++) {
    for (const [ri, r] of routes.entries()) {
      const figures = opt.together
        ? await Promise.all(servers.map((s) => load(s.server, s.key, s.targets[r], seconds, CONNECTIONS / 2)))
        : await servers.reduce<Promise<Figures[]>>(
            async (done, s) => [...(await done), await load(s.server, s.key, s.targets[r], seconds)],
            Promise.resolve([]),
          );
      for (const [si, f] of figures.entries()) {
        runs[si][ri].push(f);
        console.log(
          `round ${round + 1} ${positionals[si]} ${ROUTES[r]}: ${fmt(f.rps)} req/s, p99 ${fmt(f.p99, 1)} ms, ${fmt(f.cpuUsPerRequest)} µs/req (client ${fmt(f.clientCpuUsPerRequest)})`,
        );
      }
    }
  }
  const rows = routes.flatMap((r, ri) =>
    servers.map((_, si) => {
      const m = medianOf(runs[si][ri]);
      return [
        `${ROUTES[r]} ${positionals[si]}`,
        fmt(m.rps),
        fmt(m.p50, 1),
        fmt(m.p99, 1),
        fmt(m.cpuUsPerRequest),
        fmt(m.clientCpuUsPerRequest),
      ];
    }),
  );
  console.log('\nmedians\n' + table(['route build', 'req/s', 'p50 ms', 'p99 ms', 'server CPU us/req', 'client CPU us/req'], rows));
} finally {
  for (const s of servers) await s.stop();
}
