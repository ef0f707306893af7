/**
 * Vitest global setup: the PostgreSQL the store tests use, decided once per run.
 *
 * - PAYROLL_TEST_DATABASE_URL set: that database, as it is (each test file works in a schema of its own,
 *   dropped afterwards; the database itself is never created or dropped).
 * - unset: a database of this run's own, `payroll_test_<pid>_<random>`, created on the server at
 *   PAYROLL_TEST_POSTGRES_SERVER_URL (default postgres://postgres@127.0.0.1:5432/postgres) and dropped when
 *   the run ends (or is interrupted: interruption.ts), so a run never writes into a database someone else
 *   named. A `payroll_test_<pid>_…` database on a server of this machine whose run no longer runs (a
 *   killed run's) is dropped first; a live run's is never touched.
 *
 * When no server answers (or the database cannot be created) the PostgreSQL tests are skipped with one
 * line saying how to run them, and counted as skipped with the reason (databases.ts); in CI (CI=true)
 * PostgreSQL is required and the run fails instead. The answer reaches the test files through vitest's
 * provide/inject.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { isCi, shown } from './gate-env.ts';
import { databaseUrl, type Decision } from './gate-decision.ts';
import { onInterruption } from './interruption.ts';
import { processRuns } from './process-runs.ts';

export const DEFAULT_POSTGRES_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL URL the store tests use, or null when they are skipped. */
    postgresTestUrl: string | null;
    /** Why the PostgreSQL tests are skipped (null when they run). */
    postgresSkipReason: string | null;
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message || String(err) : String(err);
}

/** Runs `work` on a connection to `url`; the error's message when the server does not answer or refuses. */
async function withClient(url: string, work: (client: pg.Client) => Promise<void>): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  // A refused connection also emits 'error' on the client; without a listener it would crash the run.
  client.on('error', () => {});
  try {
    await client.connect();
    await work(client);
    return null;
  } catch (err) {
    return errorText(err);
  } finally {
    await client.end().catch(() => {});
  }
}

async function explicitDatabase(url: string): Promise<Decision> {
  const reason = await withClient(url, async (c) => void (await c.query('SELECT 1')));
  return reason === null ? { url, missing: null } : { url: null, place: shown(url), missing: `${shown(url)} (${reason})` };
}

const OWN_DATABASE = /^payroll_test_(\d+)_[0-9a-f]{8}$/;

/** Whether the server runs on this machine, where the pid in a database's name is a pid of ours to ask. */
function onThisMachine(serverUrl: string): boolean {
  const host = new URL(serverUrl).hostname;
  return host === '' || host === 'localhost' || host === '[::1]' || host.startsWith('127.');
}

/** The databases of runs that ended without dropping theirs (pid gone); dropped, one line each. */
async function dropLeftovers(client: pg.Client, serverUrl: string): Promise<void> {
  if (!onThisMachine(serverUrl)) return;
  const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'payroll\\_test\\_%'");
  for (const { datname } of rows) {
    const m = OWN_DATABASE.exec(datname);
    if (!m || processRuns(Number(m[1]))) continue;
    // Another user's leftover, or one a concurrent run drops first: said, and not this run's concern.
    const failure = await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).then(
      () => null,
      (err: unknown) => errorText(err),
    );
    process.stdout.write(
      `PostgreSQL test database ${datname} of a run that has ended (pid ${m[1]}) ${failure === null ? 'dropped' : `not dropped: ${failure}`}.\n`,
    );
  }
}

/** Creates this run's database; the teardown drops it (FORCE: a connection a killed test left open must not keep it). */
async function ownDatabase(serverUrl: string): Promise<Decision> {
  const name = `payroll_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const reason = await withClient(serverUrl, async (c) => {
    await dropLeftovers(c, serverUrl);
    await c.query(`CREATE DATABASE ${name}`);
  });
  if (reason !== null) return { url: null, place: shown(serverUrl), missing: `${shown(serverUrl)} (${reason})` };
  process.stdout.write(`PostgreSQL tests use the database ${name} on ${shown(serverUrl)}, created for this run and dropped at its end.\n`);
  const forget = onInterruption({ kind: 'postgres', serverUrl, database: name });
  const teardown = async () => {
    forget();
    const failure = await withClient(serverUrl, async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
    if (failure !== null) process.stderr.write(`PostgreSQL test database ${name} not dropped: ${failure}\n`);
  };
  return { url: databaseUrl(serverUrl, name), missing: null, teardown };
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const explicit = process.env.PAYROLL_TEST_DATABASE_URL;
  const decision = explicit
    ? await explicitDatabase(explicit)
    : await ownDatabase(process.env.PAYROLL_TEST_POSTGRES_SERVER_URL || DEFAULT_POSTGRES_SERVER_URL);
  if (decision.url !== null) {
    project.provide('postgresTestUrl', decision.url);
    project.provide('postgresSkipReason', null);
    return decision.teardown;
  }
  const where = decision.missing;
  if (isCi()) {
    throw new Error(
      `PostgreSQL tests are required in CI (CI=true) but no PostgreSQL answers at ${where}; start it or set PAYROLL_TEST_DATABASE_URL.`,
    );
  }
  process.stdout.write(
    `PostgreSQL tests skipped: no PostgreSQL answers at ${where}. To run them, start PostgreSQL there or set PAYROLL_TEST_DATABASE_URL=postgres://USER@HOST:PORT/DATABASE (CI=true makes them required).\n`,
  );
  project.provide('postgresTestUrl', null);
  project.provide('postgresSkipReason', `no PostgreSQL at ${decision.place}`);
  return undefined;
}
