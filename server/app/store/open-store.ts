/** Picks the adapter from configuration: PostgreSQL when a URL is set (it wins), else the SQLite file. */
import { openPostgresStore } from './postgres.ts';
import { openSqliteStore } from './sqlite.ts';
import type { Store } from './types.ts';

export async function openStore(config: { databaseUrl?: string; dbFile: string; storeTimeoutMs?: number }): Promise<Store> {
  if (config.databaseUrl) return openPostgresStore({ connectionString: config.databaseUrl, timeoutMs: config.storeTimeoutMs });
  return openSqliteStore(config.dbFile, { timeoutMs: config.storeTimeoutMs });
}
