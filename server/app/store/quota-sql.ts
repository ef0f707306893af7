/**
 * The quota statement, shared by both adapters (only the placeholder syntax differs).
 * Counting a unit is one INSERT ... ON CONFLICT DO UPDATE ... WHERE count < limit RETURNING: the database
 * serializes it per row, so under any concurrency the count stops exactly at the limit. When the
 * WHERE fails no row comes back, which is the "quota exhausted" answer.
 */
export function reserveQuotaSql(p: (n: number) => string): string {
  return `INSERT INTO quota_counters (account_id, month, count) VALUES (${p(1)}, ${p(2)}, 1)
    ON CONFLICT (account_id, month) DO UPDATE SET count = quota_counters.count + 1
    WHERE quota_counters.count < ${p(3)}
    RETURNING count`;
}

export const sqlitePlaceholder = (): string => '?';
export const postgresPlaceholder = (n: number): string => `$${n}`;
