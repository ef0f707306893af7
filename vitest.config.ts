import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
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
