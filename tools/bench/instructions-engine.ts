/**
 * Instructions per monthly payroll calculation (user space, all threads: the JIT's and the garbage
 * collector's work included) under valgrind's callgrind: the engine's figure that neighbours on a
 * shared machine cannot move, for before/after pairs where calc/s is within its noise. The loop
 * (instructions-engine-child.ts) is bundled with esbuild, run under callgrind, warmed up, its counters
 * zeroed, N calculations run, the counters dumped and read. Node runs with --single-threaded (no concurrent
 * compilation or GC threads) so that when the optimising compiler finishes does not depend on the
 * scheduler: without it the same build measured 903k and 985k. Slow: valgrind runs Node ~50 times slower.
 *
 * Usage: npx tsx tools/bench/instructions-engine.ts [--mode trace|notrace|json] [--warmup 3000] [--count 2000]
 * (json: with trace, and each result serialised as the server and the batch do)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { fmt } from './stats.ts';

const { values: opt } = parseArgs({
  options: {
    mode: { type: 'string', default: 'trace' },
    warmup: { type: 'string', default: '3000' },
    count: { type: 'string', default: '2000' },
  },
});
if (!['trace', 'notrace', 'json'].includes(opt.mode!)) throw new Error('--mode is trace, notrace or json');

const root = join(import.meta.dirname, '..', '..');
// inside the project (.tmp/, ignored): the bundled engine finds masters/ and rules/ above itself
mkdirSync(join(root, '.tmp'), { recursive: true });
const out = mkdtempSync(join(root, '.tmp', 'callgrind-engine-'));
try {
  const bundle = join(out, 'child.mjs');
  execFileSync(
    join(root, 'node_modules', '.bin', 'esbuild'),
    [
      join(import.meta.dirname, 'instructions-engine-child.ts'),
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node20',
      '--log-level=warning',
      "--banner:js=import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      `--outfile=${bundle}`,
    ],
    { stdio: 'inherit' },
  );
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--smc-check=all-non-file',
      `--callgrind-out-file=${out}/cg.%p`,
      'node',
      '--single-threaded',
      bundle,
      opt.warmup!,
      opt.count!,
      opt.mode!,
    ],
    { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => ((await lines.next()).value as string | undefined) ?? '';
  if ((await next()) !== 'ready') throw new Error('the loop did not start');
  const pid = String(child.pid);
  execFileSync('callgrind_control', ['-z', pid], { stdio: 'ignore' });
  child.stdin.write('run\n');
  const done = await next();
  execFileSync('callgrind_control', ['-d', pid], { stdio: 'ignore' });
  child.stdin.end('exit\n');
  const dump = readdirSync(out).find((f) => /^cg\.\d+\.\d+$/.test(f))!;
  const totals = /^(?:totals|summary): (\d+)/m.exec(readFileSync(join(out, dump), 'utf8'))!;
  console.log(`monthly payroll, ${opt.mode}: ${fmt(Number(totals[1]) / Number(opt.count))} instructions/calculation (${done})`);
  await new Promise((resolve) => child.on('exit', resolve));
} finally {
  rmSync(out, { recursive: true, force: true });
}
