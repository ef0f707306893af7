/**
 * The server refuses to start on a broken master or rule rather than serve a wrong one: server/boot/main.ts
 * as `npm start` runs it, pointed at a broken fixture, exits non-zero naming the file and path.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function start(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'refusal-'));
  try {
    return spawnSync(join(root, 'node_modules/.bin/tsx'), ['server/boot/main.ts'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, PORT: '0', PAYROLL_DB: join(dir, 'x.sqlite'), PAYROLL_DATABASE_URL: '', ...env },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('start-up refusal', () => {
  it.each([
    ['unknown-key', /unknown key/],
    ['rate-as-percent', /18\.3|0\.\.1|within/],
    ['overlapping-versions', /overlap/],
  ])(
    'a broken master (%s) stops the server with exit 1 and names the problem',
    (fixture, pattern) => {
      const res = start({ PAYROLL_MASTERS_DIR: join(root, 'test/fixtures/masters-broken', fixture) });
      expect(res.status).toBe(1);
      const out = res.stdout + res.stderr;
      expect(out).toMatch(/could not load its masters and rules/);
      expect(out).toMatch(pattern);
      expect(out).not.toMatch(/"msg":"listening"/);
      // readable lines file:line: path: message on stderr, and no stack trace anywhere
      expect(res.stderr).toMatch(/^[\w/-]+\.yaml:\d+: \/\S*: /m);
      expect(out).not.toMatch(/"stack"|\n\s+at /);
    },
    90_000,
  );
});
