/**
 * npm run rules:check [-- --rules DIR --masters DIR]
 * Loads and compiles every rule and pipeline exactly as the server does at start (schema, operators,
 * declared variables, every context path per pipeline, master slots, error codes, rounding names,
 * version overlaps and gaps, date coverage of every step, parameters read) and prints each problem as
 * "FILE PATH: message (line N)". Exit 1 on any problem, 2 on bad usage.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblem, loadEngine, LoadError } from '../engine/index.ts';
import { loadRules } from '../engine/tooling.ts';

const HELP = `usage: npm run rules:check -- [options]

Loads every rule and pipeline as the server does at start and reports each problem as
"FILE PATH: message (line N)": schema, expressions, context paths, rounding names, version overlaps
and gaps, date coverage of every pipeline step (from the earliest date the masters serve to the open
end), and the parameters each rule reads.

  --rules DIR      rules to check (default rules/)
  --masters DIR    masters to check them against (default masters/)
  --help           this text

Exit status: 0 everything loads; 1 a problem was found; 2 bad usage.`;

let values;
try {
  ({ values } = parseArgs({
    options: { rules: { type: 'string' }, masters: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
    allowPositionals: false,
  }));
} catch (e) {
  console.error(`rules:check: ${(e as Error).message} (see --help)`);
  process.exit(2);
}
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
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
