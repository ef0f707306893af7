/**
 * Claims on a shared rate-limit window in PostgreSQL (leased.ts): one INSERT ... ON CONFLICT DO UPDATE
 * per claim, so it is atomic under concurrency (the row lock orders concurrent claims on one key) and
 * one transaction. Every expression of the SET reads the row as it was, so grant and used agree. Time is
 * the database's clock (clock_timestamp), the same for every process on every machine.
 */
import type { QueryResult, QueryResultRow } from 'pg';
import type { ClaimPoints } from './leased.ts';

/** What a claim runs on: the store's statements, bounded by the request's store budget (store/guarded-store.ts). */
export interface ClaimQueries {
  query<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
  /** Waits for a claim another request started, on this request's store budget. */
  join?<T>(shared: Promise<T>): Promise<T>;
}

export function postgresClaims(pool: ClaimQueries, table: string): ClaimPoints {
  const sql = `WITH clock AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now)
INSERT INTO ${table} AS w (key, window_end, used, granted)
SELECT $1, clock.now + $4::bigint, LEAST($2::int, $3::int), LEAST($2::int, $3::int) FROM clock
ON CONFLICT (key) DO UPDATE SET
  granted = CASE WHEN w.window_end <= excluded.window_end - $4::bigint THEN excluded.granted ELSE LEAST($2::int, GREATEST(0, $3::int - w.used)) END,
  used = CASE WHEN w.window_end <= excluded.window_end - $4::bigint THEN excluded.used ELSE w.used + LEAST($2::int, GREATEST(0, $3::int - w.used)) END,
  window_end = CASE WHEN w.window_end <= excluded.window_end - $4::bigint THEN excluded.window_end ELSE w.window_end END
RETURNING granted, used, window_end, window_end - (SELECT now FROM clock) AS ms_left`;
  return async (key, want, limit, durationMs) => {
    const { rows } = await pool.query<{ granted: number; used: number; window_end: string; ms_left: string }>(sql, [
      key,
      want,
      limit,
      durationMs,
    ]);
    const row = rows[0]!;
    return { granted: row.granted, used: row.used, windowId: Number(row.window_end), msLeft: Math.max(1, Number(row.ms_left)) };
  };
}
