/**
 * The PostgreSQL gating of the test suite, run as a user would: vitest in a child process on one
 * store test file, with PAYROLL_TEST_DATABASE_URL pointing at a port where nothing listens. Outside CI
 * the PostgreSQL half is skipped with one line saying how to run it and the run passes; with CI=true
 * the run fails loudly instead.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isCi } from './support/postgres-gate.ts';
import { runVitest } from './support/run-vitest.ts';

const SKIP_LINE =
  /^PostgreSQL tests skipped: no PostgreSQL answers at postgres:\/\/postgres@127\.0\.0\.1:\d+\/test \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)\. To run them, start PostgreSQL there or set PAYROLL_TEST_DATABASE_URL=postgres:\/\/USER@HOST:PORT\/DATABASE \(CI=true makes them required\)\.$/;

/** A port that was free a moment ago: listen on 0, note the port, close. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const runStoreTests = (env: Record<string, string>) => runVitest('test/api/store-contract.test.ts', env);

describe('PostgreSQL test gating', () => {
  it('skips the PostgreSQL tests outside CI with one line saying how to run them, and passes', async () => {
    const port = await closedPort();
    const { status, lines } = runStoreTests({ PAYROLL_TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/test` });
    expect(lines.filter((l) => l.startsWith('PostgreSQL tests skipped'))).toHaveLength(1);
    expect(lines.find((l) => l.startsWith('PostgreSQL tests skipped'))).toMatch(SKIP_LINE);
    expect(lines.some((l) => l.includes('store contract (sqlite)'))).toBe(true);
    expect(lines.some((l) => l.includes('store contract (postgres)'))).toBe(false);
    expect(lines.some((l) => l.includes('ECONNREFUSED') && !l.startsWith('PostgreSQL tests skipped'))).toBe(false);
    expect(status).toBe(0);
  });

  it('fails the run in CI (CI=true) instead of skipping', async () => {
    const port = await closedPort();
    const { status, lines } = runStoreTests({ CI: 'true', PAYROLL_TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/test` });
    expect(lines.some((l) => l.startsWith('PostgreSQL tests skipped'))).toBe(false);
    expect(
      lines.some((l) =>
        l.includes('PostgreSQL tests are required in CI (CI=true) but no PostgreSQL answers at postgres://postgres@127.0.0.1:'),
      ),
    ).toBe(true);
    expect(status).not.toBe(0);
  });

  it('reads CI the way CI services set it', () => {
    expect(isCi({ CI: 'true' })).toBe(true);
    expect(isCi({ CI: '1' })).toBe(true);
    expect(isCi({ CI: 'false' })).toBe(false);
    expect(isCi({ CI: '0' })).toBe(false);
    expect(isCi({})).toBe(false);
  });
});
