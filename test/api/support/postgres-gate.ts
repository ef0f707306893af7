/**
 * Vitest global setup: decides once per run whether the PostgreSQL tests run. They run against
 * PAYROLL_TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test when that is unset, if a server
 * answers there. Otherwise they are skipped with one line saying how to run them, so `npm test` passes
 * on a fresh machine; in CI (CI=true) PostgreSQL is required and the run fails instead of skipping.
 * The answer reaches the test files through vitest's provide/inject (test/api/support/databases.ts).
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL URL the store tests use, or null when they are skipped. */
    postgresTestUrl: string | null;
  }
}

/** CI services set CI=true (GitHub, GitLab, .ci/run); an explicit CI=false or 0 means a developer machine. */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== 'false' && value !== '0';
}

/** The URL without its password, for messages. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

async function unreachableReason(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  // A refused connection also emits 'error' on the client; without a listener it would crash the run.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message || String(err) : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.PAYROLL_TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const reason = await unreachableReason(url);
  if (reason === null) {
    project.provide('postgresTestUrl', url);
    return;
  }
  const where = `${shown(url)} (${reason})`;
  if (isCi()) {
    throw new Error(
      `PostgreSQL tests are required in CI (CI=true) but no PostgreSQL answers at ${where}; start it or set PAYROLL_TEST_DATABASE_URL.`,
    );
  }
  process.stdout.write(
    `PostgreSQL tests skipped: no PostgreSQL answers at ${where}. To run them, start PostgreSQL there or set PAYROLL_TEST_DATABASE_URL=postgres://USER@HOST:PORT/DATABASE (CI=true makes them required).\n`,
  );
  project.provide('postgresTestUrl', null);
}
