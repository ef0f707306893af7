/**
 * The import boundaries of .dependency-cruiser.cjs hold: server/ and tools/ reach the engine only
 * through its entry points, the engine imports neither, and there is no import cycle.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

describe('import boundaries', () => {
  it('engine/, server/ and tools/ break no rule of .dependency-cruiser.cjs', () => {
    const run = spawnSync(process.execPath, [cli, 'engine', 'server', 'tools', '--config', '.dependency-cruiser.cjs'], {
      cwd: root,
      encoding: 'utf8',
    });
    // The report names each offending import; show it when the check fails.
    expect(run.stdout + run.stderr).toContain('no dependency violations found');
    expect(run.status).toBe(0);
  });
});
