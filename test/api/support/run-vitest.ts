/** Runs vitest on one test file in a child process, as a user would, for tests of the test gating. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { budget, slowMachine } from '../../support/time-budget.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** How long a child run may take; a test that starts one needs the same timeout (a loaded machine is slow). */
export const CHILD_RUN_TIMEOUT_MS = budget(120_000);

/**
 * The services this run found, handed to the child as explicit URLs: it neither claims nor creates its
 * own, and a gate test about one service sees the other as this run does. A service this run skips is
 * left to the child's environment, where it is missing too.
 */
function servicesOfThisRun(): Record<string, string> {
  const services: Record<string, string> = {};
  const postgres = inject('postgresTestUrl');
  const redis = inject('redisTestUrl');
  if (postgres) services.PAYROLL_TEST_DATABASE_URL = postgres;
  if (redis) services.PAYROLL_TEST_REDIS_URL = redis;
  return services;
}

export function runVitest(file: string, env: Record<string, string>): { status: number | null; lines: string[] } {
  // The child must not believe it is a worker of this run, nor inherit this run's CI setting.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'CI'));
  // A little less than the test's own timeout, so that a slow child is said to be slow, not cut off silently.
  const timeout = CHILD_RUN_TIMEOUT_MS - 5_000;
  const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=verbose', file], {
    cwd: ROOT,
    env: { ...inherited, NO_COLOR: '1', FORCE_COLOR: '0', ...servicesOfThisRun(), ...env },
    encoding: 'utf8',
    timeout,
  });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ETIMEDOUT')
    throw new Error(slowMachine(`vitest ${file} in a child process did not finish`, timeout));
  return { status: result.status, lines: `${result.stdout}\n${result.stderr}`.split('\n') };
}

/** The child's failed tests and errors, for the message of an assertion on its exit status. */
export function failuresOf(lines: string[]): string {
  return lines.filter((l) => /^\s*(×|FAIL|Error|AssertionError)/.test(l)).join('\n') || lines.slice(-40).join('\n');
}
