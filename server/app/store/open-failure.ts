/**
 * Why the store could not be opened at start, as one line naming the variable to fix: the raw error of
 * pg-pool or better-sqlite3 is a stack trace, which README promises never to print for a configuration
 * mistake (issue 21, issue 22). The message never repeats the URL, which may hold a password.
 */
export function storeOpenFailure(config: { databaseUrl?: string }, err: unknown): string {
  const variable = config.databaseUrl ? 'PAYROLL_DATABASE_URL' : 'PAYROLL_DB';
  const what = config.databaseUrl ? 'the PostgreSQL database' : 'the SQLite file';
  return `cannot open ${what} named by ${variable}: ${reason(err)}`;
}

function reason(err: unknown): string {
  // Node's connection attempt to every address of a name fails as an AggregateError with an empty message
  if (err instanceof AggregateError && err.errors.length) return [...new Set(err.errors.map(reason))].join('; ');
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  const message = err.message.split('\n')[0];
  if (!message) return code ?? err.name;
  return code && !message.includes(code) ? `${message} (${code})` : message;
}
