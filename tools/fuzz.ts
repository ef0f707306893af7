/**
 * npm run fuzz -- --runs N [--seed S]: the request fuzzer of test/fuzz with as many cases as wanted
 * (npm test runs 5,200 with a fixed seed). A failure prints the seed and path that replay it.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '50000' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log('usage: npm run fuzz -- [--runs N] [--seed S]');
  process.exit(0);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a positive integer, got ${values.runs}`);
  process.exit(2);
}
const seed = values.seed ?? String(Date.now() % 2 ** 31);
console.log(`fuzzing with ${runs} cases, seed ${seed}`);
const result = spawnSync('npx', ['vitest', 'run', 'test/fuzz/'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PAYROLL_FUZZ_RUNS: String(runs),
    PAYROLL_FUZZ_SEED: seed,
    PAYROLL_FUZZ_TIMEOUT_MS: String(Math.max(600_000, runs * 100)),
  },
});
process.exit(result.status ?? 1);
