/**
 * One side of the comparison: a directory (holding rules/ and/or masters/; a missing one is the
 * project's own) or a git ref, whose rules/ and masters/ are exported with `git archive` into a
 * temporary directory (removed at exit), so no checkout or stash of the working tree is needed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface Side {
  label: string;
  rulesDir: string;
  mastersDir: string;
  cleanup(): void;
}

export class SideError extends Error {}

export function resolveSide(spec: string, project: string): Side {
  const asDir = resolve(spec);
  if (existsSync(asDir) && statSync(asDir).isDirectory()) {
    const rules = join(asDir, 'rules');
    const masters = join(asDir, 'masters');
    if (!existsSync(rules) && !existsSync(masters)) throw new SideError(`${spec}: a directory must hold rules/ and/or masters/`);
    return {
      label: spec,
      rulesDir: existsSync(rules) ? rules : join(project, 'rules'),
      mastersDir: existsSync(masters) ? masters : join(project, 'masters'),
      cleanup: () => {},
    };
  }
  let commit: string;
  try {
    commit = execFileSync('git', ['rev-parse', '--verify', '--quiet', `${spec}^{commit}`], {
      cwd: project,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    throw new SideError(`${spec}: neither a directory nor a git ref of this repository`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'payroll-impact-'));
  try {
    const tar = execFileSync('git', ['archive', '--format=tar', commit, 'rules', 'masters'], {
      cwd: project,
      maxBuffer: 512 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw new SideError(`${spec}: cannot export rules/ and masters/ (${(e as Error).message.split('\n')[0]})`);
  }
  return {
    label: `${spec} (${commit.slice(0, 12)})`,
    rulesDir: join(dir, 'rules'),
    mastersDir: join(dir, 'masters'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
