/**
 * The typed client as a package: `npm pack` in client/ builds it (tsc: JS and .d.ts in client/dist) and
 * packs it; a fresh TypeScript project elsewhere installs the tarball offline (its one dependency,
 * openapi-fetch, packed from this repository's node_modules, so no registry is asked), compiles a consumer
 * (test/client/consumer/) with plain tsc, strict, with Node16 and with bundler resolution, no
 * allowImportingTsExtensions or other flag of this repository, and runs it against a real server. A
 * wrongly typed request must not compile, so the types really come from the package.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshServer } from '../api/support/fresh-server.ts';
import { realEngine } from '../api/support/real-engine.ts';
import { call } from '../api/support/test-server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const run = promisify(execFile);

/** Runs a command; asynchronously, because the server these tests call runs in this process. */
async function sh(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return run(command, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
}

/** Packs a package folder into `dir` and returns the tarball's path. */
async function pack(folder: string, dir: string): Promise<string> {
  const before = new Set(readdirSync(dir));
  await sh('npm', ['pack', '--silent', '--pack-destination', dir, folder], ROOT);
  const made = readdirSync(dir).filter((f) => !before.has(f));
  expect(made).toHaveLength(1);
  return path.join(dir, made[0]!);
}

describe('the client package in a fresh TypeScript project', () => {
  const api = freshServer('sqlite', { engine: realEngine() });
  const dir = mkdtempSync(path.join(tmpdir(), 'client-package-'));
  const project = path.join(dir, 'consumer');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    const packs = path.join(dir, 'packs');
    mkdirSync(packs);
    const tarballs = [
      await pack(path.join(ROOT, 'client'), packs),
      await pack(path.join(ROOT, 'node_modules', 'openapi-fetch'), packs),
      await pack(path.join(ROOT, 'node_modules', 'openapi-typescript-helpers'), packs),
    ];
    mkdirSync(path.join(project, 'src'), { recursive: true });
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    cpSync(path.join(ROOT, 'test', 'client', 'consumer', 'tsconfig.json'), path.join(project, 'tsconfig.json'));
    cpSync(path.join(ROOT, 'test', 'client', 'consumer', 'main.ts'), path.join(project, 'src', 'main.ts'));
    await sh('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], project);
  }, 240_000);

  it('installs as @payroll/client with built JS and declarations, and nothing but them and its README', async () => {
    const installed = path.join(project, 'node_modules', '@payroll', 'client');
    expect(readdirSync(installed).sort()).toEqual(['README.md', 'dist', 'package.json']);
    expect(readdirSync(path.join(installed, 'dist')).sort()).toEqual(['index.d.ts', 'index.js', 'schema.d.ts', 'schema.js']);
  });

  it('compiles with plain tsc and calls the server: the profile PUT, a month of payroll, a refused key', async () => {
    // A bundler's resolution finds the same types; then Node16's, which emits what node runs.
    await sh('node', [TSC, '-p', '.', '--module', 'esnext', '--moduleResolution', 'bundler', '--noEmit'], project);
    await sh('node', [TSC, '-p', '.'], project);
    const { stdout } = await sh('node', ['dist/main.js'], project, { PAYROLL_URL: api.server.url, PAYROLL_API_KEY: api.key });
    const out = JSON.parse(stdout);
    // What the same request computes when sent without the client.
    const direct = await call(api.server, 'POST', '/v1/payroll/monthly:calculate', { key: api.key, body: out.request });
    expect(direct.status).toBe(200);
    expect(out).toEqual({
      put: 200,
      profile_version: expect.stringMatching(/^2025-04-01\./),
      request: expect.objectContaining({ company_id: 'acme-tokyo', base_pay: 300000 }),
      monthly: 200,
      amounts: direct.json.amounts,
      denied: 401,
      denied_code: 'unauthorized',
    });
  }, 240_000);

  it('refuses to compile a request of the wrong type', async () => {
    writeFileSync(
      path.join(project, 'src', 'wrong.ts'),
      "import type { RequestBody } from '@payroll/client';\nexport const body: Partial<RequestBody<'calculateMonthlyPayroll'>> = { base_pay: '300000' };\n",
    );
    const failure = await sh('node', [TSC, '-p', '.', '--noEmit'], project).then(
      () => null,
      (err: { stdout: string }) => err.stdout,
    );
    rmSync(path.join(project, 'src', 'wrong.ts'));
    expect(failure).toMatch(/src\/wrong\.ts\(2,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/);
  }, 240_000);
});
