/**
 * Configuration comes from environment variables only (decisions.md section 0); the names are fixed.
 * The admin command reads the same store settings, so both always talk to the same database.
 */
import { RATE_LIMIT_BACKENDS, type RateLimitBackendName } from './rate-limit/backends.ts';
import { DEFAULT_CACHE_TTL_SECONDS } from './store/generation-cache.ts';
import { DEFAULT_STORE_TIMEOUT_MS } from './store/guarded-store.ts';

export interface ServerConfig {
  port: number;
  /** SQLite file; ignored when databaseUrl is set. */
  dbFile: string;
  /** PostgreSQL connection string; wins over dbFile. */
  databaseUrl?: string;
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  freePlanMonthlyQuota: number;
  maxBodyBytes: number;
  logLevel: string;
  /** Where rate-limit points live (server/rate-limit/backends.ts); `auto` unless set. */
  rateLimitBackend: RateLimitBackendName;
  /** Redis for shared rate limits (rate-limit/backends.ts). */
  redisUrl?: string;
  /** Bound on one store call before the request gets 503 store_unavailable (store/guarded-store.ts). */
  storeTimeoutMs: number;
  /** Lifetime of cached keys and company profiles (store/generation-cache.ts); 0 turns caching off. */
  cacheTtlSeconds: number;
  /** Browser origins allowed by CORS (PAYROLL_CORS_ORIGINS); absent or empty = CORS off. */
  corsOrigins?: string[];
  /** Statutory masters and rules to load instead of the project's own (optional; for a deployment that
   * runs another table set, and for testing that a broken set stops the server). */
  mastersDir?: string;
  rulesDir?: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
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
} as const;

function integer(env: NodeJS.ProcessEnv, name: keyof typeof CONFIG_DEFAULTS, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return CONFIG_DEFAULTS[name] as number;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min) throw new ConfigError(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

function rateLimitBackend(env: NodeJS.ProcessEnv): RateLimitBackendName {
  const raw = env.PAYROLL_RATE_LIMIT_BACKEND?.trim() || 'auto';
  if (!(RATE_LIMIT_BACKENDS as readonly string[]).includes(raw)) throw new ConfigError(`PAYROLL_RATE_LIMIT_BACKEND must be one of ${RATE_LIMIT_BACKENDS.join(', ')}, got ${JSON.stringify(raw)}`);
  return raw as RateLimitBackendName;
}

/** PAYROLL_CORS_ORIGINS: comma-separated origins (scheme://host[:port]) or "*"; empty = CORS off. */
function corsOrigins(env: NodeJS.ProcessEnv): string[] {
  const origins = (env.PAYROLL_CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter((o) => o !== '');
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[^/\s?#]+$/.test(origin)) {
      throw new ConfigError(`PAYROLL_CORS_ORIGINS must list origins such as https://app.example.com (no path) or *, got ${JSON.stringify(origin)}`);
    }
  }
  return origins;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const config: ServerConfig = {
    port: integer(env, 'PORT', 0),
    dbFile: env.PAYROLL_DB?.trim() || CONFIG_DEFAULTS.PAYROLL_DB,
    databaseUrl: env.PAYROLL_DATABASE_URL?.trim() || undefined,
    rateLimitPerSecond: integer(env, 'PAYROLL_RATE_LIMIT_PER_SECOND', 1),
    rateLimitBurst: integer(env, 'PAYROLL_RATE_LIMIT_BURST', 1),
    freePlanMonthlyQuota: integer(env, 'PAYROLL_FREE_PLAN_MONTHLY_QUOTA', 0),
    maxBodyBytes: integer(env, 'PAYROLL_MAX_BODY_BYTES', 1),
    logLevel: env.LOG_LEVEL?.trim() || CONFIG_DEFAULTS.LOG_LEVEL,
    rateLimitBackend: rateLimitBackend(env),
    redisUrl: env.PAYROLL_REDIS_URL?.trim() || undefined,
    storeTimeoutMs: integer(env, 'PAYROLL_STORE_TIMEOUT_MS', 1),
    cacheTtlSeconds: integer(env, 'PAYROLL_CACHE_TTL_SECONDS', 0),
    mastersDir: env.PAYROLL_MASTERS_DIR?.trim() || undefined,
    rulesDir: env.PAYROLL_RULES_DIR?.trim() || undefined,
    corsOrigins: corsOrigins(env),
  };
  if (config.rateLimitBackend === 'redis' && !config.redisUrl) throw new ConfigError('PAYROLL_RATE_LIMIT_BACKEND=redis needs PAYROLL_REDIS_URL');
  if (config.rateLimitBackend === 'postgres' && !config.databaseUrl) throw new ConfigError('PAYROLL_RATE_LIMIT_BACKEND=postgres needs PAYROLL_DATABASE_URL');
  if (config.rateLimitBurst < config.rateLimitPerSecond) {
    throw new ConfigError(`PAYROLL_RATE_LIMIT_BURST (${config.rateLimitBurst}) must be >= PAYROLL_RATE_LIMIT_PER_SECOND (${config.rateLimitPerSecond})`);
  }
  return config;
}
