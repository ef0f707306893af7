import { configDefaults, defineConfig } from 'vitest/config';
import { TIME_SCALE } from './test/support/time-budget.ts';

export default defineConfig({
  test: {
    // test/perf-guards asks V8 about its own layouts (natives syntax): `npm run perf:guards`, which the
    // bench runs, not `npm test`
    include: process.env.PERF_GUARDS ? ['test/perf-guards/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: process.env.PERF_GUARDS ? configDefaults.exclude : [...configDefaults.exclude, 'test/perf-guards/**'],
    // Decide once per run which PostgreSQL database and Redis db the tests use (their own unless one is
    // given), or that those tests are skipped (loudly, and counted as skipped, outside CI).
    globalSetup: ['test/api/support/postgres-gate.ts', 'test/api/support/redis-gate.ts'],
    // The skipped tests with their reasons, and the failures that ran out of time, after the summary.
    reporters: ['default', './test/support/skipped-summary.ts'],
    // API tests start real servers and databases; keep them from fighting over the two cores.
    fileParallelism: true,
    maxWorkers: 2,
    // Decided once for the run (the workers read the same factor): budgets scale with a small or busy
    // machine (test/support/time-budget.ts).
    env: { PAYROLL_TEST_TIME_SCALE: String(TIME_SCALE) },
    testTimeout: Math.round(30_000 * TIME_SCALE),
    hookTimeout: Math.round(60_000 * TIME_SCALE),
  },
});
