/** What a service gate (postgres-gate.ts, redis-gate.ts) decided for the run, and the URL helper both use. */

export interface Decision {
  url: string | null;
  /** Where it was looked for and why it is missing (null when url is set). */
  missing: string | null;
  /** Where it was looked for (the title of the skipped tests names it; the printed line also says why). */
  place?: string;
  teardown?: () => Promise<void>;
}

/** The URL of database `name` (a PostgreSQL database, a Redis db number) on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string | number): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
