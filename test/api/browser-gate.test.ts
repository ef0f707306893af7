/**
 * The browser test's gating, run as a user would (vitest in a child process on test/api/docs-browser.test.ts)
 * with PAYROLL_TEST_CHROMIUM naming a binary that does not exist: outside CI it is skipped with one line
 * saying how to run it and the run passes; with CI=true the run fails, naming what to install.
 */
import { describe, expect, inject, it } from 'vitest';
import { CHILD_RUN_TIMEOUT_MS, runVitest } from './support/run-vitest.ts';

const MISSING = '/nonexistent/chromium-for-the-gating-test';
const runBrowserTest = (env: Record<string, string>) =>
  runVitest('test/api/docs-browser.test.ts', { PAYROLL_TEST_CHROMIUM: MISSING, ...env });

describe('browser test gating', () => {
  it(
    'skips the browser test outside CI with one line saying how to run it, and passes',
    () => {
      const { status, lines } = runBrowserTest({});
      const skipLines = lines.filter((l) => l.startsWith('Browser tests skipped'));
      expect(skipLines).toEqual([
        `Browser tests skipped: ${MISSING} not found. To run them, install Debian's chromium (apt-get install -y chromium) or set PAYROLL_TEST_CHROMIUM to a chromium binary (CI=true makes them required).`,
      ]);
      expect(lines.some((l) => /Tests\s+1 skipped/.test(l))).toBe(true);
      expect(status).toBe(0);
    },
    CHILD_RUN_TIMEOUT_MS,
  );

  // A CI run also requires PostgreSQL and Redis (its global setup would fail first): only where this run has both.
  const postgresUrl = inject('postgresTestUrl');
  const redisUrl = inject('redisTestUrl');
  it.runIf(postgresUrl && redisUrl)(
    'fails the run in CI (CI=true), naming what to install',
    () => {
      const { status, lines } = runBrowserTest({ CI: 'true', PAYROLL_TEST_DATABASE_URL: postgresUrl!, PAYROLL_TEST_REDIS_URL: redisUrl! });
      expect(lines.some((l) => l.startsWith('Browser tests skipped'))).toBe(false);
      expect(lines.some((l) => l.includes(`${MISSING} is required in CI (CI=true): apt-get install -y chromium`))).toBe(true);
      expect(status).not.toBe(0);
    },
    CHILD_RUN_TIMEOUT_MS,
  );
});
