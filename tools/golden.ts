/**
 * npm run golden [-- --dir test/golden --rules rules --masters masters]
 * Runs every golden case against the given rule and master versions and prints one line per failing
 * case and a summary; exit 1 on any failure. A regression run across rule and table versions is this
 * command pointed at another rules/ or masters/ directory.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblem } from '../engine/errors.ts';
import { LoadError, loadEngine, type Engine } from '../engine/index.ts';
import { loadGoldenCases, runGoldenCase } from './golden/runner.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, rules: { type: 'string' }, masters: { type: 'string' } } });
let engine: Engine;
try {
  engine = loadEngine({
    rulesDir: values.rules ? resolve(values.rules) : undefined,
    mastersDir: values.masters ? resolve(values.masters) : undefined,
  });
} catch (e) {
  if (!(e instanceof LoadError)) throw e;
  // A broken rule or master set is one finding, not a crash: say so, list the problems, run nothing.
  console.log(`golden: not run, the rules and masters do not load (${e.problems.length} problem(s); npm run rules:check shows the same)`);
  for (const p of e.problems) console.log(`  ${formatProblem(p)}`);
  process.exit(1);
}
const cases = loadGoldenCases(resolve(values.dir ?? 'test/golden'));
let failed = 0;
for (const c of cases) {
  const { mismatches } = runGoldenCase(engine, c);
  if (mismatches.length) {
    failed++;
    console.log(`FAIL ${c.file} ${c.id}\n  ${mismatches.join('\n  ')}`);
  }
}
console.log(`golden: ${cases.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
