import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Decides once per run whether the PostgreSQL tests run (skipped loudly outside CI when none answers).
    globalSetup: ['test/api/support/postgres-gate.ts'],
    // API tests start real servers and databases; keep them from fighting over the two cores.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
