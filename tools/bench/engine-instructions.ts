/**
 * Instructions per monthly calculation of one or more trees, counted by valgrind's callgrind: a figure
 * the neighbours on a shared machine cannot move, for before/after pairs of changes smaller than CPU
 * time's noise (engine-cpu.ts's best rounds move by ±1 µs, 4 %). For each tree, engine-instructions-run.ts
 * is copied into TREE/.tmp/engine-instructions/, bundled there with that tree's engine (esbuild, as
 * `npm run build` bundles), run once natively (to catch a broken tree fast), then twice at once under
 * callgrind, with FEW and MANY counted calculations after the same warm-up: per calculation is the
 * difference of the two totals over MANY - FEW, so loading, warming up and exiting cancel out.
 *
 * V8's predictable mode (compiler and GC on the main thread) and an old space too large to fill leave
 * the mark-compacts out, and a build counts the same twice (354,864 and 354,897). But two builds place
 * their scavenges differently, so a window can hold one more of them for one build: two builds that run
 * the same calculations measured 354.9k and 360.5k with the default window, and 358.8k and 358.9k with
 * `--few 2000 --many 9000`. A change below ~2 % is real only if it holds in a second window.
 *
 * A tree is a checkout with node_modules (a worktree: `git worktree add /tmp/x REV` and
 * `ln -s "$PWD/node_modules" /tmp/x/`) and its start-up cache (`npm run build`, or the engine loads
 * from the YAML files: docs/performance.md, ninth round, says why that measures another answer).
 * Slow: ~1-2 minutes a tree on two cores.
 *
 * Usage: npx tsx tools/bench/engine-instructions.ts [trace|notrace|json|compact] [--few 1000] [--many 7000]
 *          [--type monthly_payroll|year_end_adjustment] [TREE...]   (no TREE: this checkout)
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSync } from 'esbuild';
import { ROOT } from './server-process.ts';
import { EXTERNAL } from '../build.ts';

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    few: { type: 'string', default: '1000' },
    many: { type: 'string', default: '7000' },
    type: { type: 'string', default: 'monthly_payroll' },
  },
});
const MODES = ['trace', 'notrace', 'json', 'compact'];
const mode = positionals[0] !== undefined && MODES.includes(positionals[0]) ? positionals.shift()! : 'trace';
const few = Number(opt.few);
const many = Number(opt.many);
if (!(few >= 0 && many > few)) throw new Error('--many must be above --few');
const trees = (positionals.length ? positionals : [ROOT]).map((t) => resolve(t));
const NODE_FLAGS = ['--predictable', '--initial-old-space-size=3000', '--max-old-space-size=6000'];

/** Where a tree's runner, bundle and callgrind files go. */
const workDir = (tree: string) => join(tree, '.tmp/engine-instructions');

function bundle(tree: string): string {
  if (!existsSync(join(tree, 'engine/index.ts'))) throw new Error(`${tree} is not a checkout of this project`);
  const dir = workDir(tree);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(import.meta.dirname, 'engine-instructions-run.ts'), join(dir, 'run.ts'));
  const outfile = join(dir, 'run.mjs');
  buildSync({
    entryPoints: [join(dir, 'run.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/** The tree's commit, marked when its files differ from it. */
function revisionOf(tree: string): string {
  try {
    const rev = execFileSync('git', ['-C', tree, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', tree, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
    return dirty ? `${rev} + changes` : rev;
  } catch {
    return 'not a git checkout';
  }
}

/** Total instructions of one run under callgrind (valgrind prints "Collected : N" on stderr). */
function counted(script: string, count: number, out: string): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(
      'valgrind',
      ['--tool=callgrind', `--callgrind-out-file=${out}`, 'node', ...NODE_FLAGS, script, mode, String(count), opt.type!],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('exit', (code) => {
      const m = /Collected : (\d+)/.exec(stderr);
      if (code !== 0 || !m) fail(new Error(`valgrind ${script} ${mode} ${count} exited ${code}:\n${stderr.slice(-2000)}`));
      else done(Number(m[1]));
    });
  });
}

for (const tree of trees) {
  const script = bundle(tree);
  execFileSync('node', [script, mode, '10', opt.type!], { stdio: 'ignore' });
  const [a, b] = await Promise.all([
    counted(script, few, join(workDir(tree), 'few.cg')),
    counted(script, many, join(workDir(tree), 'many.cg')),
  ]);
  process.stdout.write(
    `${tree} (${revisionOf(tree)}): ${opt.type} ${mode}, ${Math.round((b - a) / (many - few)).toLocaleString('en-US')} instructions per calculation\n`,
  );
}
