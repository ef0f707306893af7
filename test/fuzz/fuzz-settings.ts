/** Runs and seed of the fuzzer: 5,200 cases in npm test; `npm run fuzz -- --runs N [--seed S]` for long runs. */
export const FUZZ_RUNS = Number(process.env.PAYROLL_FUZZ_RUNS ?? 5200);
export const FUZZ_SEED = Number(process.env.PAYROLL_FUZZ_SEED ?? 20261123);
/** Per test; long runs get more. */
export const FUZZ_TIMEOUT_MS = Number(process.env.PAYROLL_FUZZ_TIMEOUT_MS ?? 600_000);
