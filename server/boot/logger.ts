/**
 * The service's pino logger. Each line carries, beside pino's numeric `level`, the `severity` string
 * that Google Cloud Logging (and others reading the same field: Stackdriver agents, Fluent Bit's
 * defaults) use to grade a line that arrives as JSON on stdout, and the service's name and version,
 * so that lines of two releases running side by side can be told apart.
 */
import { hostname } from 'node:os';
import pino, { type DestinationStream, type Logger } from 'pino';
import pkg from '../../package.json' with { type: 'json' };

/** Cloud Logging's LogSeverity for each pino level (pino's trace and debug are both DEBUG there). */
export const SEVERITY: Readonly<Record<string, string>> = {
  trace: 'DEBUG',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARNING',
  error: 'ERROR',
  fatal: 'CRITICAL',
};

/** The name and version every line names (package.json's). */
export const SERVICE = { service: pkg.name, version: pkg.version } as const;

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid, hostname: hostname(), ...SERVICE },
    formatters: { level: (label, number) => ({ level: number, severity: SEVERITY[label] ?? 'DEFAULT' }) },
  };
  return destination ? pino(options, destination) : pino(options);
}
