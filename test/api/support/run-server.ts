/**
 * server/boot/main.ts run to its exit in a child process over a throw-away SQLite file, for the tests of
 * start-ups that must be refused.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { budget } from '../../support/time-budget.ts';

export const ROOT = join(import.meta.dirname, '../../..');

/**
 * env is added to this process's environment, or with inherit: false to PATH alone (so that nothing
 * left in this process's environment can change the outcome).
 */
export function runServerToExit(env: Record<string, string>, options: { inherit?: boolean } = {}): SpawnSyncReturns<string> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-start-'));
  try {
    const base = options.inherit === false ? { PATH: process.env.PATH ?? '' } : process.env;
    return spawnSync(process.execPath, ['--import', 'tsx', 'server/boot/main.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: budget(90_000),
      env: { ...base, PAYROLL_DB: join(dir, 'x.sqlite'), PAYROLL_DATABASE_URL: '', ...env },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
