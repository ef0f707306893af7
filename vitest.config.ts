import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // test/perf-guards asks V8 about its own layouts (natives syntax): `npm run perf:guards`, which the
    // bench runs, not `npm test`
    include: process.env.PERF_GUARDS ? ['test/perf-guards/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: process.env.PERF_GUARDS ? configDefaults.exclude : [...configDefaults.exclude, 'test/perf-guards/**'],
    // Decide once per run which PostgreSQL database and Redis db the tests use (their own unless one is
    // given), or that those tests are skipped (loudly, and counted as skipped, outside CI).
    globalSetup: ['test/api/support/postgres-gate.ts', 'test/api/support/redis-gate.ts'],
    // API tests start real servers and databases; keep them from fighting over the two cores.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
