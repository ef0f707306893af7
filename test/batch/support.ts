/** Runs the batch command as a user does (a child process through tsx) and reads its output lines. */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runBatchCli(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  const env = { ...process.env, ...options.env };
  // The store the test names, and only it.
  if (options.env?.PAYROLL_DB) delete env.PAYROLL_DATABASE_URL;
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['tools/batch.ts', ...args], {
    cwd: root,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'payroll-batch-test-'));
}

export function outputLines(text: string): Record<string, any>[] {
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
}

/** A result or envelope without what differs on every call (ids, timestamps). */
export function withoutIds(value: Record<string, any>): Record<string, any> {
  const copy = structuredClone(value);
  delete copy.calculation_id;
  delete copy.calculated_at;
  delete copy.request_id;
  return copy;
}
