/**
 * Store faults the client is not to blame for, apart from bugs: the store is slow, locked or
 * unreachable (StoreUnavailableError, answered 503 store_unavailable with Retry-After), or a string
 * cannot be stored at all (StoreTextError, answered 422: NUL or a lone surrogate, which PostgreSQL
 * rejects and SQLite would silently keep or mangle).
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`store unavailable: ${reason}`, options);
  }
}

export class StoreTextError extends Error {
  override name = 'StoreTextError';
  constructor(readonly field: string) {
    super(`${field} is not valid Unicode text without NUL characters`);
  }
}

/** NUL-free, well-formed UTF-16 (no lone surrogate): what both stores keep unchanged. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what PostgreSQL text cannot store
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

// PostgreSQL SQLSTATEs meaning "not now" rather than "never": query canceled (statement_timeout),
// lock not available, too many connections, shutting down / starting up, serialization and deadlock.
const TRANSIENT_SQLSTATES = new Set(['57014', '55P03', '53300', '57P01', '57P02', '57P03', '40001', '40P01']);
const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// pg and pg-pool signal their own timeouts and lost connections with plain Errors.
const TRANSIENT_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|connection timeout/i;

export function isTransientStoreError(err: unknown): boolean {
  if (err instanceof StoreUnavailableError) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (TRANSIENT_SQLSTATES.has(code) || code.startsWith('08') || TRANSIENT_NODE_CODES.has(code)) return true;
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED') return true;
  }
  return TRANSIENT_MESSAGES.test(err.message);
}

export function isSqliteBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED');
}
