/**
 * npm run golden [-- --dir test/golden --rules rules --masters masters]
 * Runs every golden case against the given rule and master versions and prints one line per failing
 * case and a summary; exit 1 on any failure. A regression run across rule and table versions is this
 * command pointed at another rules/ or masters/ directory.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEngine } from '../engine/index.ts';
import { loadGoldenCases, runGoldenCase } from './golden/runner.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, rules: { type: 'string' }, masters: { type: 'string' } } });
const engine = loadEngine({
  rulesDir: values.rules ? resolve(values.rules) : undefined,
  mastersDir: values.masters ? resolve(values.masters) : undefined,
});
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
