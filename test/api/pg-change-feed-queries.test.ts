/**
 * The change feed's listening connection runs one query at a time: a burst of notices (one per account a
 * transaction bumped) is acknowledged one after another, and the heartbeat waits its turn, instead of
 * overlapping queries that pg queues only with a deprecation warning (and pg 9 will not).
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPgChangeFeed, type PgChangeFeed } from '../../server/app/store/pg-change-feed.ts';
import { describeUnless, storeSkipReason, TEST_DATABASE_URL } from './support/databases.ts';

const NOTICES = 30;

describeUnless(storeSkipReason('postgres'), 'change feed queries (postgres)', () => {
  let inFlight = 0;
  let mostInFlight = 0;
  /** pg's Client, counting the queries issued and not yet settled. */
  class CountingClient extends pg.Client {
    // @ts-expect-error pg's overloads; every call here passes text and values and takes the promise
    override query(text: string, values?: unknown[]) {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const result = super.query(text, values) as Promise<unknown>;
      return result.finally(() => (inFlight -= 1));
    }
  }
  let feed: PgChangeFeed;
  let sender: pg.Client;
  const acked = new Set<string>();
  beforeAll(async () => {
    feed = openPgChangeFeed({ ...pg, Client: CountingClient } as unknown as typeof pg, { connectionString: TEST_DATABASE_URL });
    await feed.ready;
    sender = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await sender.connect();
    sender.on('notification', (m) => m.payload?.startsWith('serial-') && acked.add(m.payload));
    await sender.query('LISTEN payroll_cache_generation_ack');
  });
  afterAll(async () => {
    await feed?.close();
    await sender?.end();
  });

  it(`acknowledges ${NOTICES} notices of one commit with never two queries at once`, async () => {
    expect(feed.live()).toBe(true);
    // a schema no store uses: every listener acknowledges the notices and applies none
    await sender.query(
      `SELECT pg_notify('payroll_cache_generation', 'no_such_schema 1 serial-' || i || ' acct_x') FROM generate_series(1, ${NOTICES}) i`,
    );
    const deadline = Date.now() + 10_000;
    while (acked.size < NOTICES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(acked.size).toBe(NOTICES);
    expect(mostInFlight).toBe(1);
    expect(feed.live()).toBe(true);
  });
});
