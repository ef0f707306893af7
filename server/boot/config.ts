/**
 * Configuration comes from environment variables only (decisions.md section 0); the names are fixed.
 * The admin command reads the same store settings, so both always talk to the same database.
 *
 * Every variable is checked before anything starts, and every problem is reported (not just the
 * first), each in one sentence that names the variable, what it must be and what it got: a deployer
 * fixes them all in one go instead of reading a stack trace from deep inside net or pino.
 */
import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import { RATE_LIMIT_BACKENDS, type RateLimitBackendName } from '../app/rate-limit/backends.ts';
import { DEFAULT_CACHE_TTL_SECONDS } from '../app/store/generation-cache.ts';
import { DEFAULT_STORE_TIMEOUT_MS } from '../app/store/guarded-store.ts';

export interface HttpTimeouts {
  /** Whole request (headers and body) must arrive within this (Node's requestTimeout); 0 = none. */
  requestTimeoutMs: number;
  /** Headers must arrive within this (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (Node's keepAliveTimeout). */
  keepAliveTimeoutMs: number;
}

export interface ServerConfig extends HttpTimeouts {
  port: number;
  /** Address to bind; undefined = every address (Node's default). */
  host?: string;
  /** SQLite file; ignored when databaseUrl is set. */
  dbFile: string;
  /** PostgreSQL connection string; wins over dbFile. */
  databaseUrl?: string;
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  freePlanMonthlyQuota: number;
  maxBodyBytes: number;
  logLevel: string;
  /** Where rate-limit points live (server/app/rate-limit/backends.ts); `auto` unless set. */
  rateLimitBackend: RateLimitBackendName;
  /** Redis for shared rate limits (rate-limit/backends.ts). */
  redisUrl?: string;
  /** Longest one request waits on the store, all its calls together, before it gets 503 store_unavailable (store/store-budget.ts). */
  storeTimeoutMs: number;
  /** Lifetime of cached keys and company profiles (store/generation-cache.ts); 0 turns caching off. */
  cacheTtlSeconds: number;
  /** Browser origins allowed by CORS (PAYROLL_CORS_ORIGINS); absent or empty = CORS off. */
  corsOrigins?: string[];
  /** Server processes (node:cluster workers); 1 = no cluster. */
  workers: number;
  /** After SIGTERM, the drain gets this long in all before the connections left are cut. */
  shutdownTimeoutMs: number;
  /** After SIGTERM the listener stays open until no new connection has come for this long (server/app/http-server.ts). */
  drainQuietMs: number;
  /** Statutory masters and rules to load instead of the project's own (optional; for a deployment that
   * runs another table set, and for testing that a broken set stops the server). */
  mastersDir?: string;
  rulesDir?: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

export const CONFIG_DEFAULTS = {
  PORT: 8080,
  PAYROLL_DB: 'data/payroll.sqlite',
  PAYROLL_RATE_LIMIT_PER_SECOND: 100,
  PAYROLL_RATE_LIMIT_BURST: 200,
  PAYROLL_FREE_PLAN_MONTHLY_QUOTA: 10,
  PAYROLL_MAX_BODY_BYTES: 1024 * 1024,
  LOG_LEVEL: 'info',
  PAYROLL_STORE_TIMEOUT_MS: DEFAULT_STORE_TIMEOUT_MS,
  PAYROLL_CACHE_TTL_SECONDS: DEFAULT_CACHE_TTL_SECONDS,
  PAYROLL_REQUEST_TIMEOUT_MS: 30_000,
  PAYROLL_HEADERS_TIMEOUT_MS: 10_000,
  // Above the 60 s idle timeout of common load balancers (AWS ALB, nginx), so the balancer, not the
  // server, closes an idle connection: a server-side close racing a reused connection resets a request.
  PAYROLL_KEEP_ALIVE_TIMEOUT_MS: 65_000,
  PAYROLL_SHUTDOWN_TIMEOUT_MS: 10_000,
  // Long enough for a connection still queued (in the kernel, or in the cluster primary) to be accepted
  // on a loaded machine; short against the drain timeout, of which the accept window takes half at most.
  PAYROLL_DRAIN_QUIET_MS: 500,
} as const;

/** pino's level names; anything else makes pino throw an unhelpful "unknown level" later. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type IntegerName = {
  [K in keyof typeof CONFIG_DEFAULTS]: (typeof CONFIG_DEFAULTS)[K] extends number ? K : never;
}[keyof typeof CONFIG_DEFAULTS];

/** Reads variables, collecting problems instead of throwing at the first. */
class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  text(name: string): string | undefined {
    return this.env[name]?.trim() || undefined;
  }

  integer(name: IntegerName, min: number, max = Number.MAX_SAFE_INTEGER): number {
    const raw = this.text(name);
    if (raw === undefined) return CONFIG_DEFAULTS[name];
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
      this.problems.push(`${name} must be an integer ${range}, got ${JSON.stringify(this.env[name])}`);
      return CONFIG_DEFAULTS[name];
    }
    return value;
  }
}

function rateLimitBackend(read: EnvReader): RateLimitBackendName {
  const raw = read.text('PAYROLL_RATE_LIMIT_BACKEND') ?? 'auto';
  if ((RATE_LIMIT_BACKENDS as readonly string[]).includes(raw)) return raw as RateLimitBackendName;
  read.problems.push(`PAYROLL_RATE_LIMIT_BACKEND must be one of ${RATE_LIMIT_BACKENDS.join(', ')}, got ${JSON.stringify(raw)}`);
  return 'auto';
}

/** PAYROLL_CORS_ORIGINS: comma-separated origins (scheme://host[:port]) or "*"; empty = CORS off. */
function corsOrigins(read: EnvReader): string[] {
  const origins = (read.text('PAYROLL_CORS_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[^/\s?#]+$/.test(origin)) {
      read.problems.push(
        `PAYROLL_CORS_ORIGINS must list origins such as https://app.example.com (no path) or *, got ${JSON.stringify(origin)}`,
      );
    }
  }
  return origins;
}

/**
 * PAYROLL_REDIS_URL: a redis:// or rediss:// URL with a host. The value is not repeated in the message:
 * it may carry a password.
 */
function redisUrl(read: EnvReader): string | undefined {
  const raw = read.text('PAYROLL_REDIS_URL');
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  const got = !url
    ? 'something that is not a URL'
    : url.protocol !== 'redis:' && url.protocol !== 'rediss:'
      ? `a URL beginning ${url.protocol}`
      : url.hostname === ''
        ? 'one without a host'
        : null;
  if (got !== null) {
    read.problems.push(`PAYROLL_REDIS_URL must be a redis:// or rediss:// URL such as redis://HOST:6379, got ${got}`);
  }
  return raw;
}

/** Default worker count: every core when processes can share state through PostgreSQL; otherwise one,
 * because the embedded SQLite file serialises writers anyway (see docs/deployment.md). */
function defaultWorkers(databaseUrl: string | undefined): number {
  return databaseUrl ? availableParallelism() : 1;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const read = new EnvReader(env);
  const databaseUrl = read.text('PAYROLL_DATABASE_URL');
  const logLevel = read.text('LOG_LEVEL') ?? CONFIG_DEFAULTS.LOG_LEVEL;
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    read.problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(env.LOG_LEVEL)}`);
  }
  const host = read.text('HOST');
  // A host name (localhost) is accepted too; only obvious garbage is refused here, since DNS decides the rest.
  if (host !== undefined && !isIP(host) && !/^[A-Za-z0-9.-]+$/.test(host)) {
    read.problems.push(`HOST must be an IP address or a host name, got ${JSON.stringify(env.HOST)}`);
  }
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    read.problems.push('PAYROLL_DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }
  const workersRaw = read.text('PAYROLL_WORKERS');
  let workers = defaultWorkers(databaseUrl);
  if (workersRaw !== undefined) {
    if (/^\d+$/.test(workersRaw) && Number(workersRaw) >= 1 && Number(workersRaw) <= 256) workers = Number(workersRaw);
    else read.problems.push(`PAYROLL_WORKERS must be an integer from 1 to 256, got ${JSON.stringify(env.PAYROLL_WORKERS)}`);
  }
  const config: ServerConfig = {
    port: read.integer('PORT', 0, 65535),
    host,
    dbFile: read.text('PAYROLL_DB') ?? CONFIG_DEFAULTS.PAYROLL_DB,
    databaseUrl,
    rateLimitPerSecond: read.integer('PAYROLL_RATE_LIMIT_PER_SECOND', 1),
    rateLimitBurst: read.integer('PAYROLL_RATE_LIMIT_BURST', 1),
    freePlanMonthlyQuota: read.integer('PAYROLL_FREE_PLAN_MONTHLY_QUOTA', 0),
    maxBodyBytes: read.integer('PAYROLL_MAX_BODY_BYTES', 1),
    logLevel,
    rateLimitBackend: rateLimitBackend(read),
    redisUrl: redisUrl(read),
    storeTimeoutMs: read.integer('PAYROLL_STORE_TIMEOUT_MS', 1),
    cacheTtlSeconds: read.integer('PAYROLL_CACHE_TTL_SECONDS', 0),
    corsOrigins: corsOrigins(read),
    workers,
    requestTimeoutMs: read.integer('PAYROLL_REQUEST_TIMEOUT_MS', 0),
    headersTimeoutMs: read.integer('PAYROLL_HEADERS_TIMEOUT_MS', 1),
    keepAliveTimeoutMs: read.integer('PAYROLL_KEEP_ALIVE_TIMEOUT_MS', 1),
    shutdownTimeoutMs: read.integer('PAYROLL_SHUTDOWN_TIMEOUT_MS', 0),
    drainQuietMs: read.integer('PAYROLL_DRAIN_QUIET_MS', 0, 60_000),
    mastersDir: read.text('PAYROLL_MASTERS_DIR'),
    rulesDir: read.text('PAYROLL_RULES_DIR'),
  };
  if (config.rateLimitBackend === 'redis' && !config.redisUrl)
    read.problems.push('PAYROLL_RATE_LIMIT_BACKEND=redis needs PAYROLL_REDIS_URL');
  if (config.rateLimitBackend === 'postgres' && !config.databaseUrl)
    read.problems.push('PAYROLL_RATE_LIMIT_BACKEND=postgres needs PAYROLL_DATABASE_URL');
  if (config.rateLimitBurst < config.rateLimitPerSecond) {
    read.problems.push(
      `PAYROLL_RATE_LIMIT_BURST (${config.rateLimitBurst}) must be >= PAYROLL_RATE_LIMIT_PER_SECOND (${config.rateLimitPerSecond})`,
    );
  }
  // Node refuses a header deadline later than the whole-request deadline.
  if (config.requestTimeoutMs > 0 && config.headersTimeoutMs > config.requestTimeoutMs) {
    read.problems.push(
      `PAYROLL_HEADERS_TIMEOUT_MS (${config.headersTimeoutMs}) must be <= PAYROLL_REQUEST_TIMEOUT_MS (${config.requestTimeoutMs})`,
    );
  }
  if (read.problems.length) throw new ConfigError(read.problems);
  return config;
}
