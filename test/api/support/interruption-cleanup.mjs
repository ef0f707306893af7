// Run by interruption.ts when a test run is interrupted: drops the run's PostgreSQL database and flushes
// its Redis db (only while the claim is still the run's). The list arrives as JSON on stdin.
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { Redis } from 'ioredis';
import pg from 'pg';

const CLAIM_KEY = 'payroll-test:claimed-by';
const items = JSON.parse(readFileSync(0, 'utf8'));

for (const item of items) {
  try {
    if (item.kind === 'postgres') {
      const client = new pg.Client({ connectionString: item.serverUrl, connectionTimeoutMillis: 3000 });
      client.on('error', () => {});
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${item.database} WITH (FORCE)`);
      await client.end();
      process.stderr.write(`PostgreSQL test database ${item.database} dropped.\n`);
    } else {
      const client = new Redis(item.url, { connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => {});
      const flushed = await client.eval(
        `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('FLUSHDB'); return 1 end return 0`,
        1,
        CLAIM_KEY,
        item.owner,
      );
      client.disconnect();
      process.stderr.write(
        `Redis test database ${item.url} ${flushed === 1 ? 'flushed' : 'no longer claimed by this run: left as it is'}.\n`,
      );
    }
  } catch (err) {
    process.stderr.write(`could not release ${item.database ?? item.url}: ${err instanceof Error ? err.message : String(err)}\n`);
  }
}
