/**
 * npm run rules:check [-- --rules DIR --masters DIR]
 * Loads and compiles every rule and pipeline exactly as the server does at start (schema, operators,
 * declared variables, every context path per pipeline, master slots, error codes, rounding names,
 * version overlaps and date bases) and prints each problem as
 * "FILE PATH: message (line N)". Exit 1 on any problem.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblem } from '../engine/errors.ts';
import { LoadError, loadEngine } from '../engine/index.ts';
import { loadRules } from '../engine/rules/load.ts';

const { values } = parseArgs({ options: { rules: { type: 'string' }, masters: { type: 'string' } } });
const rulesDir = resolve(values.rules ?? 'rules');
try {
  loadEngine({ rulesDir, mastersDir: values.masters ? resolve(values.masters) : undefined });
} catch (e) {
  if (!(e instanceof LoadError)) throw e;
  for (const p of e.problems) console.log(formatProblem(p));
  console.log(`rules:check: ${e.problems.length} problem(s)`);
  process.exit(1);
}
const { rules } = loadRules(rulesDir);
console.log(`rules:check: ${rules.registry.all().length} rules and ${rules.pipelines.size} pipelines load and compile`);
