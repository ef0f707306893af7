/**
 * Configuration is checked as a whole before anything starts. Each problem is one log line on
 * stderr naming the variable; the process exits 1 without a stack trace. Also readConfig itself.
 */
import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, ConfigError, readConfig } from '../../server/boot/config.ts';
import { runServerToExit } from './support/run-server.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    readConfig(env);
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
}

describe('readConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = readConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBeUndefined();
    expect(config.workers).toBe(1);
    expect(config.requestTimeoutMs).toBe(CONFIG_DEFAULTS.PAYROLL_REQUEST_TIMEOUT_MS);
    expect(config.headersTimeoutMs).toBe(10_000);
    expect(config.keepAliveTimeoutMs).toBe(65_000);
    expect(config.shutdownTimeoutMs).toBe(10_000);
    expect(config.drainQuietMs).toBe(500);
    expect(readConfig({ PAYROLL_DRAIN_QUIET_MS: '0' }).drainQuietMs).toBe(0);
  });

  it('defaults to one worker per core only when PostgreSQL is configured', () => {
    expect(readConfig({ PAYROLL_DATABASE_URL: 'postgres://db/payroll' }).workers).toBeGreaterThanOrEqual(1);
    expect(readConfig({ PAYROLL_DATABASE_URL: 'postgres://db/payroll', PAYROLL_WORKERS: '3' }).workers).toBe(3);
    expect(readConfig({ PAYROLL_WORKERS: '2' }).workers).toBe(2);
  });

  it.each(
    [
      [{ PORT: 'abc' }, 'PORT must be an integer from 0 to 65535, got "abc"'],
      [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535, got "70000"'],
      [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"'],
      [{ HOST: 'not a host!' }, 'HOST must be an IP address or a host name, got "not a host!"'],
      [{ PAYROLL_WORKERS: '0' }, 'PAYROLL_WORKERS must be an integer from 1 to 256, got "0"'],
      [{ PAYROLL_DRAIN_QUIET_MS: '60001' }, 'PAYROLL_DRAIN_QUIET_MS must be an integer from 0 to 60000, got "60001"'],
      [{ PAYROLL_DRAIN_QUIET_MS: '0.5' }, 'PAYROLL_DRAIN_QUIET_MS must be an integer from 0 to 60000, got "0.5"'],
      [{ PAYROLL_DATABASE_URL: 'mysql://x' }, 'PAYROLL_DATABASE_URL must be a postgres:// or postgresql:// connection string'],
      [
        { PAYROLL_REDIS_URL: 'http://x' },
        'PAYROLL_REDIS_URL must be a redis:// or rediss:// URL such as redis://HOST:6379, got a URL beginning http:',
      ],
      [
        { PAYROLL_REDIS_URL: 'localhost:6379' },
        'PAYROLL_REDIS_URL must be a redis:// or rediss:// URL such as redis://HOST:6379, got a URL beginning localhost:',
      ],
      [
        { PAYROLL_REDIS_URL: 'redis://' },
        'PAYROLL_REDIS_URL must be a redis:// or rediss:// URL such as redis://HOST:6379, got one without a host',
      ],
      [
        { PAYROLL_REDIS_URL: 'redis secret' },
        'PAYROLL_REDIS_URL must be a redis:// or rediss:// URL such as redis://HOST:6379, got something that is not a URL',
      ],
      [
        { PAYROLL_HEADERS_TIMEOUT_MS: '5000', PAYROLL_REQUEST_TIMEOUT_MS: '1000' },
        'PAYROLL_HEADERS_TIMEOUT_MS (5000) must be <= PAYROLL_REQUEST_TIMEOUT_MS (1000)',
      ],
      [{ PAYROLL_RATE_LIMIT_BURST: '5' }, 'PAYROLL_RATE_LIMIT_BURST (5) must be >= PAYROLL_RATE_LIMIT_PER_SECOND (100)'],
    ].map(([env, problem]) => ({ env: env as Record<string, string>, problem: problem as string })),
  )('refuses, saying: $problem', ({ env, problem }) => {
    expect(problemsOf(env)).toEqual([problem]);
  });

  it('reports every problem at once', () => {
    expect(problemsOf({ PORT: 'abc', LOG_LEVEL: 'verbose', PAYROLL_MAX_BODY_BYTES: '-1' })).toHaveLength(3);
  });
});

describe('npm start with a bad configuration', () => {
  it('prints one line per problem on stderr and exits 1, without a stack trace', () => {
    // Only PATH is inherited: a variable left in this process's environment must not add a problem.
    const res = runServerToExit({ PORT: '70000', LOG_LEVEL: 'verbose', PAYROLL_WORKERS: 'many' }, { inherit: false });
    expect(res.status).toBe(1);
    // Only the configuration problems are compared (a runtime may add its own warning lines on stderr).
    const lines = res.stderr
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .filter((l) => l.config === true);
    expect(
      lines.map((l) => l.msg),
      res.stderr,
    ).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
      'PAYROLL_WORKERS must be an integer from 1 to 256, got "many"',
      'PORT must be an integer from 0 to 65535, got "70000"',
    ]);
    expect(lines.every((l) => l.level === 60)).toBe(true);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(res.stdout).toBe('');
  }, 90_000);
});
