/**
 * Company profiles for the batch from the service's store (the one `npm start` uses: PAYROLL_DATABASE_URL,
 * else PAYROLL_DB), read-only: SQLite opened readonly, PostgreSQL sessions in read-only transactions, no
 * migration run. Every company of one account is read once at start (profiles are small; the batch then
 * never waits on the database).
 */
import { Database } from '../../server/app/store/sqlite-driver.ts';
import pg from 'pg';
import type { ProfileVersion } from '../../engine/index.ts';

const ACCOUNT_SQL = 'SELECT account_id FROM accounts WHERE account_id = $1';
const VERSIONS_SQL = 'SELECT company_id, document FROM profile_versions WHERE account_id = $1 ORDER BY company_id, position';

type Row = { company_id: string; document: string };

function group(rows: Row[]): Map<string, ProfileVersion[]> {
  const out = new Map<string, ProfileVersion[]>();
  for (const r of rows) {
    const list = out.get(r.company_id) ?? [];
    list.push(JSON.parse(r.document) as ProfileVersion);
    out.set(r.company_id, list);
  }
  return out;
}

export async function loadProfilesFromStore(
  config: { databaseUrl?: string; dbFile: string },
  accountId: string,
): Promise<Map<string, ProfileVersion[]>> {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      await client.query('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY');
      if (!(await client.query(ACCOUNT_SQL, [accountId])).rows.length) throw new Error(`account ${accountId} does not exist in the store`);
      return group((await client.query<Row>(VERSIONS_SQL, [accountId])).rows);
    } finally {
      await client.end();
    }
  }
  const db = new Database(config.dbFile, { readonly: true, fileMustExist: true });
  try {
    const sqlite = (sql: string) => db.prepare(sql.replace(/\$1/g, '?'));
    if (!sqlite(ACCOUNT_SQL).get(accountId)) throw new Error(`account ${accountId} does not exist in the store`);
    return group(sqlite(VERSIONS_SQL).all(accountId) as Row[]);
  } finally {
    db.close();
  }
}
