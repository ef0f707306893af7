/** Runs `masters:import` (and the other tools) as the specialist does (a child process), returning exit code and output. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT } from './data-copies.ts';

const run = promisify(execFile);

export const PUBLISHED = join(PROJECT, 'test', 'fixtures', 'statutory');
export const HOSTILE = join(PROJECT, 'test', 'fixtures', 'masters-import');

export async function importCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return toolCli('masters-import.ts', ...args);
}

/** Any tools/<script> run as `npm run` runs it, with its exit code and output. */
export async function toolCli(script: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', join(PROJECT, 'tools', script), ...args], {
      cwd: PROJECT,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, ...r };
  } catch (e) {
    return e as { code: number; stdout: string; stderr: string };
  }
}
