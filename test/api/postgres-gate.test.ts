/**
 * The PostgreSQL gating of the test suite, run as a user would: vitest in a child process on one
 * store test file. With PAYROLL_TEST_DATABASE_URL pointing at a port where nothing listens, outside CI
 * the PostgreSQL half is skipped with one line saying how to run it, counted as skipped, and the run
 * passes; with CI=true the run fails loudly instead. Without PAYROLL_TEST_DATABASE_URL the run creates a
 * database of its own on the server and drops it at its end, and drops first what a killed run left.
 * Either way the other service (Redis) may answer or not without changing the outcome.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { closedPort } from './support/closed-port.ts';
import { describeUnless, storeSkipReason } from './support/databases.ts';
import { isCi } from './support/gate-env.ts';
import { CHILD_RUN_TIMEOUT_MS, failuresOf, runVitest } from './support/run-vitest.ts';

const SKIP_LINE =
  /^PostgreSQL tests skipped: no PostgreSQL answers at postgres:\/\/postgres@127\.0\.0\.1:\d+\/test \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)\. To run them, start PostgreSQL there or set PAYROLL_TEST_DATABASE_URL=postgres:\/\/USER@HOST:PORT\/DATABASE \(CI=true makes them required\)\.$/;

const runStoreTests = (env: Record<string, string>) => runVitest('test/api/store-contract.test.ts', env);

/** The skipped tests the verbose reporter lists, each with its reason in its name (any service's). */
const skippedLines = (lines: string[]) => lines.filter((l) => l.includes(' [skipped: '));

// The other service as this run has it, and absent: the gate of one must not depend on the other.
const REDIS_CASES = [
  ['with Redis as in this run', {}],
  ['with no Redis answering', { PAYROLL_TEST_REDIS_URL: 'redis://127.0.0.1:1/3' }],
] as const;

describe('PostgreSQL test gating', () => {
  it.each(REDIS_CASES)(
    'skips the PostgreSQL tests outside CI with one line saying how to run them, and passes (%s)',
    async (_, redis) => {
      const port = await closedPort();
      const { status, lines } = runStoreTests({ ...redis, PAYROLL_TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/test` });
      expect(lines.filter((l) => l.startsWith('PostgreSQL tests skipped'))).toHaveLength(1);
      expect(lines.find((l) => l.startsWith('PostgreSQL tests skipped'))).toMatch(SKIP_LINE);
      expect(lines.some((l) => l.includes('store contract (sqlite)'))).toBe(true);
      // The PostgreSQL half is listed as skipped, with the reason, and counted in the summary.
      const skipped = lines.filter((l) =>
        l.includes('store contract (postgres) [skipped: no PostgreSQL at postgres://postgres@127.0.0.1:'),
      );
      expect(skipped.length).toBeGreaterThan(0);
      expect(lines.find((l) => /^\s*Tests\s/.test(l))).toMatch(new RegExp(`\\d+ passed \\| ${skippedLines(lines).length} skipped`));
      // The refused connection is said once, in the skip line (the Redis gate says its own).
      const refusals = lines.filter((l) => l.includes('ECONNREFUSED') && !/^(PostgreSQL|Redis) tests skipped/.test(l));
      expect(refusals).toEqual([]);
      expect(status, failuresOf(lines)).toBe(0);
    },
    CHILD_RUN_TIMEOUT_MS,
  );

  it(
    'fails the run in CI (CI=true) instead of skipping',
    async () => {
      const port = await closedPort();
      const { status, lines } = runStoreTests({ CI: 'true', PAYROLL_TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/test` });
      expect(lines.some((l) => l.startsWith('PostgreSQL tests skipped'))).toBe(false);
      expect(
        lines.some((l) =>
          l.includes('PostgreSQL tests are required in CI (CI=true) but no PostgreSQL answers at postgres://postgres@127.0.0.1:'),
        ),
      ).toBe(true);
      expect(status).not.toBe(0);
    },
    CHILD_RUN_TIMEOUT_MS,
  );

  it('reads CI the way CI services set it', () => {
    expect(isCi({ CI: 'true' })).toBe(true);
    expect(isCi({ CI: '1' })).toBe(true);
    expect(isCi({ CI: 'false' })).toBe(false);
    expect(isCi({ CI: '0' })).toBe(false);
    expect(isCi({})).toBe(false);
  });
});

/** Some database of the server this run uses: where a run without PAYROLL_TEST_DATABASE_URL creates its own. */
function serverUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

describeUnless(storeSkipReason('postgres'), 'a run without PAYROLL_TEST_DATABASE_URL', () => {
  it(
    'creates a database of its own on the server, runs the PostgreSQL tests in it and drops it at its end',
    async () => {
      const server = serverUrl(inject('postgresTestUrl')!);
      // What a killed run leaves: a database named after a process that no longer runs.
      const leftover = `payroll_test_${spawnSync('true').pid}_0badc0de`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${leftover}`);
      await admin.end();
      const { status, lines } = runStoreTests({ PAYROLL_TEST_DATABASE_URL: '', PAYROLL_TEST_POSTGRES_SERVER_URL: server });
      expect(lines).toContain(`PostgreSQL test database ${leftover} of a run that has ended (pid ${leftover.split('_')[2]}) dropped.`);
      const announced = lines.map((l) => /^PostgreSQL tests use the database (payroll_test_\d+_[0-9a-f]{8}) on /.exec(l)).find(Boolean);
      expect(announced, lines.join('\n')).toBeTruthy();
      expect(lines.some((l) => l.includes('store contract (postgres)') && !l.includes('skipped'))).toBe(true);
      expect(status, failuresOf(lines)).toBe(0);
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      const left = await client.query('SELECT datname FROM pg_database WHERE datname = ANY($1)', [[announced![1], leftover]]);
      await client.end();
      expect(left.rows).toEqual([]);
    },
    CHILD_RUN_TIMEOUT_MS,
  );
});
