/**
 * A key can be revoked while PostgreSQL has no connection left for the service's role: the admin
 * command connects through PAYROLL_ADMIN_DATABASE_URL with a role the limit does not stop (a superuser
 * here: superuser_reserved_connections), and the running server refuses the key at once after.
 *
 * The full limit is a database's CONNECTION LIMIT, which stops every role but superusers exactly as
 * max_connections does past its reserved slots ("sorry, too many clients already"), without touching
 * the shared server's max_connections: a dedicated database and non-superuser service role, both
 * dropped afterwards.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keyPrefixOf } from '../../server/app/auth/api-keys.ts';
import { openPostgresStore } from '../../server/app/store/postgres.ts';
import { describeUnless, storeSkipReason, TEST_DATABASE_URL, type TestDatabase } from './support/databases.ts';
import { call, newAccount, startTestServer, type TestServer } from './support/test-server.ts';

const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
/** The database's connection limit: the server's pool and feed, plus fillers up to it. */
const LIMIT = 4;

async function admin(env: Record<string, string>, ...args: string[]) {
  const fullEnv = { ...process.env, PAYROLL_DB: '', PAYROLL_DATABASE_URL: '', PAYROLL_ADMIN_DATABASE_URL: '', ...env };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'tools/admin.ts', ...args], { cwd: ROOT, env: fullEnv });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describeUnless(storeSkipReason('postgres'), 'key revocation with the connection limit full (postgres)', () => {
  const suffix = randomBytes(5).toString('hex');
  const role = `payroll_svc_${suffix}`;
  const database = `payroll_full_${suffix}`;
  const superuser = new pg.Client({ connectionString: TEST_DATABASE_URL });
  const fillers: pg.Client[] = [];
  let serviceUrl: string;
  let adminUrl: string;
  let server: TestServer;
  let hog: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    await superuser.connect();
    await superuser.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER`);
    await superuser.query(`CREATE DATABASE ${database} OWNER ${role} CONNECTION LIMIT ${LIMIT}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    adminUrl = url.toString();
    url.username = role;
    url.password = '';
    serviceUrl = url.toString();
    const store = await openPostgresStore({ connectionString: serviceUrl, maxConnections: 2, timeoutMs: 1000 });
    server = await startTestServer({} as TestDatabase, { store, config: { cacheTtlSeconds: 60 } });
  });
  afterAll(async () => {
    clearInterval(hog);
    for (const c of fillers) await c.end().catch(() => {});
    await server?.stop();
    await superuser.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await superuser.query(`DROP ROLE IF EXISTS ${role}`);
    await superuser.end();
  });

  it('revokes through PAYROLL_ADMIN_DATABASE_URL while the service role cannot connect, and the server refuses the key', async () => {
    const { api_key } = await newAccount(server.store, 'standard');
    expect((await call(server, 'GET', '/v1/usage', { key: api_key })).status).toBe(200);

    // Fill what the limit leaves, and keep taking any slot that frees (the server's pool lets an idle
    // connection go after 10 s): the service role's next connection is refused throughout.
    const refusals: string[] = [];
    const fill = async () => {
      for (;;) {
        const c = new pg.Client({ connectionString: serviceUrl });
        try {
          await c.connect();
          fillers.push(c);
        } catch (err) {
          refusals.push(`${(err as { code?: string }).code} ${(err as Error).message}`);
          return;
        }
      }
    };
    await fill();
    expect(refusals[0]).toMatch(/^53300 too many connections/);
    hog = setInterval(() => void fill(), 100);
    // As the service's own role, the admin command cannot revoke.
    const refused = await admin({ PAYROLL_DATABASE_URL: serviceUrl }, 'key', 'revoke', '--key-prefix', keyPrefixOf(api_key)!);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/too many connections/);

    // Through the reserved connection it can, and the server refuses the key from the next request on.
    const revoked = await admin(
      { PAYROLL_DATABASE_URL: serviceUrl, PAYROLL_ADMIN_DATABASE_URL: adminUrl },
      'key',
      'revoke',
      '--key-prefix',
      keyPrefixOf(api_key)!,
    );
    expect(revoked.stderr).toBe('');
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ revoked: 1 });
    clearInterval(hog);
    const { rows } = await superuser.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND usename = $2`, [
      database,
      role,
    ]);
    expect(rows[0].n).toBe(LIMIT); // still full when the revocation was made
    // One slot back for the service: the server re-reads the key (its generation changed) and refuses it.
    await fillers.pop()!.end();
    const after = await call(server, 'GET', '/v1/usage', { key: api_key });
    expect(after.status).toBe(401);
    expect(after.json.error.code).toBe('unauthorized');
  });
});
