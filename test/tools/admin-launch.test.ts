/**
 * `npm run admin` in a production install: the image holds dist/, node_modules (no tsx), masters/,
 * rules/ and package.json, no sources. tools/launch.mjs then runs dist/admin.js as it is. Checked on a
 * folder laid out like the image, with the bundle `npm run build` made of this checkout.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

describe('npm run admin without sources or tsx (the image)', () => {
  let dir: string;
  beforeAll(() => {
    // `npm install` builds dist/ (package.json's prepare): without it there is nothing to test here
    expect(existsSync(join(ROOT, 'dist/admin.js')), 'dist/admin.js is missing: run npm run build').toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'payroll-admin-image-'));
    mkdirSync(join(dir, 'dist'));
    mkdirSync(join(dir, 'tools'));
    copyFileSync(join(ROOT, 'dist/admin.js'), join(dir, 'dist/admin.js'));
    copyFileSync(join(ROOT, 'tools/launch.mjs'), join(dir, 'tools/launch.mjs'));
    copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    // the project's packages, tsx among them: with no tools/admin.ts beside them the build must run anyway
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates and lists an account through dist/admin.js', () => {
    const env = { ...process.env, PAYROLL_DATABASE_URL: '', PAYROLL_DB: join(dir, 'payroll.sqlite') };
    const admin = (...args: string[]) =>
      spawnSync(process.execPath, ['tools/launch.mjs', 'admin', ...args], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
    const created = admin('account', 'create', '--name', 'Image KK', '--plan', 'free');
    expect(created.status, created.stderr).toBe(0);
    const account = JSON.parse(created.stdout) as { account_id: string; api_key: string };
    expect(account.api_key).toMatch(/^pay_[0-9a-f]{12}_/);
    const listed = admin('account', 'list');
    expect(listed.status, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ data: [{ account_id: account.account_id, name: 'Image KK', plan: 'free' }] });
    const usage = admin('--bad');
    expect(usage.status).toBe(2);
    expect(usage.stdout).toBe('');
  });
});
