/**
 * Configuration comes from environment variables only (decisions.md section 0); the names are fixed.
 * The admin command reads the same store settings, so both always talk to the same database.
 */
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
} as const;

function integer(env: NodeJS.ProcessEnv, name: keyof typeof CONFIG_DEFAULTS, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return CONFIG_DEFAULTS[name] as number;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min) throw new ConfigError(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  return Number(raw);
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
    mastersDir: env.PAYROLL_MASTERS_DIR?.trim() || undefined,
    rulesDir: env.PAYROLL_RULES_DIR?.trim() || undefined,
    corsOrigins: corsOrigins(env),
  };
  if (config.rateLimitBurst < config.rateLimitPerSecond) {
    throw new ConfigError(`PAYROLL_RATE_LIMIT_BURST (${config.rateLimitBurst}) must be >= PAYROLL_RATE_LIMIT_PER_SECOND (${config.rateLimitPerSecond})`);
  }
  return config;
}
