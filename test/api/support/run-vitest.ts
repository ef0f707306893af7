/** Runs vitest on one test file in a child process, as a user would, for tests of the test gating. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** How long a child run may take; a test that starts one needs the same timeout (a loaded machine is slow). */
export const CHILD_RUN_TIMEOUT_MS = 120_000;

export function runVitest(file: string, env: Record<string, string>): { status: number | null; lines: string[] } {
  // The child must not believe it is a worker of this run, nor inherit this run's CI setting.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'CI'));
  const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=verbose', file], {
    cwd: ROOT,
    env: { ...inherited, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    encoding: 'utf8',
    timeout: CHILD_RUN_TIMEOUT_MS,
  });
  return { status: result.status, lines: `${result.stdout}\n${result.stderr}`.split('\n') };
}
