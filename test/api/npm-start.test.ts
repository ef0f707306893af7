/**
 * `npm start` runs the compiled bundle (dist/main.js, built by `npm run build`, which `npm install`
 * runs through `prepare`) and passes SIGTERM to the server: the server drains and exits 0, leaving no
 * orphan behind (with tsx the server outlived npm). The bundle also finds the files
 * the server reads from the source tree (the /docs page). On Node 22 and later the build leaves Node's
 * compile cache of the bundle it built (server/boot/boot.ts), which the next start takes, and the bundle,
 * run through that cache, still refuses a broken master naming file, line and path. The build's warm-up start leaves the proof that
 * this bundle checked the project's set (engine/loading/load-cache.ts), so that `npm start` skips those checks.
 * The same build bundles the batch: `npm run batch` then runs it (tools/launch.mjs), with the
 * sources' answers.
 */
import { isAscii } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleIdentityOf } from '../../server/boot/bundle-identity.ts';
import { DEFAULT_LOAD_CACHE, proofOf } from '../../engine/loading/load-cache.ts';
import { computeProvenance } from '../../engine/loading/provenance.ts';
import { listeningOf } from '../../tools/server-listening.ts';
import pkg from '../../package.json' with { type: 'json' };
import { writeProfiles, writeRequests } from '../../tools/bench/generate-requests.ts';
import { withoutIds } from '../batch/support.ts';

const ROOT = join(import.meta.dirname, '../..');
const PACKAGE_VERSION = pkg.version;
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const HAS_COMPILE_CACHE = Number(process.versions.node.split('.')[0]) >= 22;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A server on any free port of 127.0.0.1, one process, a fresh SQLite file in `dir`. */
function serverEnv(dir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    PAYROLL_WORKERS: '1',
    PAYROLL_DB: join(dir, 'p.sqlite'),
    PAYROLL_DATABASE_URL: '',
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// one build for both commands below (two builds at once would write dist/ over each other)
beforeAll(() => {
  const build = spawnSync(NPM, ['run', 'build'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(build.status, build.stderr).toBe(0);
}, 90_000);

describe('npm start', () => {
  it('the warm-up start of the build proves the set of the project under the bundle it built (engine/loading/load-cache.ts)', () => {
    const bundle = readFileSync(join(ROOT, 'dist/server.cjs'));
    const set = computeProvenance(join(ROOT, 'rules'), join(ROOT, 'masters')).rules_masters_hash;
    const header = JSON.parse(readFileSync(DEFAULT_LOAD_CACHE, 'utf8').split('\n')[0]) as { proof?: string };
    expect(header.proof).toBe(proofOf(bundleIdentityOf(sha256(bundle)), set));
  });

  it('the bundle is ASCII, so that V8 holds its source one byte a character (tools/bundle-ascii.ts)', () => {
    const bundle = readFileSync(join(ROOT, 'dist/server.cjs'));
    expect(isAscii(bundle)).toBe(true);
  });

  it('the bundle refuses a broken master, naming file, line and path, and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'npm-start-refusal-'));
    try {
      const res = spawnSync(process.execPath, ['dist/main.js'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...process.env,
          // Node reports on stderr what its compile cache does (Node 22 and later)
          NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
          PORT: '0',
          PAYROLL_WORKERS: '1',
          PAYROLL_DB: join(dir, 'p.sqlite'),
          PAYROLL_DATABASE_URL: '',
          PAYROLL_MASTERS_DIR: join(ROOT, 'test/fixtures/masters-broken/unknown-key'),
        },
      });
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(/^[\w/-]+\.yaml:\d+: \/\S*: .*unknown key/m);
      expect(res.stdout + res.stderr).not.toMatch(/"msg":"listening"|\n\s+at /);
      // the build's warm-up start left the compile cache of the bundle it built, and this start took it
      if (HAS_COMPILE_CACHE) expect(res.stderr).toMatch(/V8 code cache for CommonJS \S*dist\/server\.cjs was accepted/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Koa asks `body instanceof Response` of every JSON body; in the bundle that is the build's lazy class
  // (server/app/http/web-globals.ts), so the first answer (here a 401 envelope) does not load node's fetch.
  it('the bundle answers its first JSON request without loading undici', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'npm-start-undici-'));
    const preload = join(ROOT, 'test/fixtures/preload/report-undici-at-first-answer.mjs');
    const child = spawn(process.execPath, ['--import', preload, 'dist/main.js'], {
      cwd: ROOT,
      env: serverEnv(dir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const { port } = await listeningOf(child, exited, (code, out) => `the server exited ${code}: ${out}${err}`);
      const res = await fetch(`http://127.0.0.1:${port}/v1/masters/tax-tables`);
      expect([res.status, res.headers.get('content-type')]).toEqual([401, 'application/json; charset=utf-8']);
      expect(await exited).toBe(0);
      expect(err).toContain('undici loaded at first answer: false');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('serves from the build and passes SIGTERM to the server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'npm-start-'));
    const child = spawn(NPM, ['start'], { cwd: ROOT, env: serverEnv(dir), stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    let serverPid: number | undefined;
    try {
      const listening = await listeningOf(child, exited, (code, text) => `npm start exited ${code}: ${text}`);
      serverPid = listening.pid;
      expect(listening.pid).not.toBe(child.pid);
      // the build's warm-up start proved the project's set under this bundle: this start skipped its checks
      const loaded = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; checks?: string })
        .find((l) => l.msg === 'masters and rules loaded');
      expect(loaded?.checks).toBe('proven');
      // the bundle's lines name the service and grade themselves for Cloud Logging (server/boot/logger.ts)
      expect(loaded).toMatchObject({ level: 30, severity: 'INFO', service: 'payroll-calculation-service', version: PACKAGE_VERSION });
      const res = await fetch(`http://127.0.0.1:${listening.port}/healthz`);
      expect(res.status).toBe(200);
      // Files the server reads beside its own modules must be found from the bundle too (dist/ is not
      // server/): the interactive reference's page and its assets.
      for (const path of ['/docs', '/docs/reference.js', '/docs/reference.css', '/docs/swagger-ui-bundle.js']) {
        const asset = await fetch(`http://127.0.0.1:${listening.port}${path}`);
        expect([path, asset.status]).toEqual([path, 200]);
        expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100);
      }
      // The API's routes answer from the bundle too, here the key check.
      const api = await fetch(`http://127.0.0.1:${listening.port}/v1/openapi.json`);
      expect([api.status, ((await api.json()) as { error: { code: string } }).error.code]).toEqual([401, 'unauthorized']);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The server itself is gone (drained and exited), not orphaned.
      for (let i = 0; i < 100 && alive(listening.pid); i += 1) await new Promise((r) => setTimeout(r, 50));
      expect(alive(listening.pid)).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      // A failed assertion must not leave the server running: killing npm does not reach it.
      if (serverPid !== undefined && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('npm run batch', () => {
  /** The batch run as `npm run batch` (tools/launch.mjs), or as its sources under tsx. */
  function batch(how: 'npm' | 'sources', dir: string): { stats: Record<string, unknown>; lines: Record<string, any>[] } {
    const args = ['--in', join(dir, 'in.jsonl'), '--out', join(dir, `${how}.jsonl`), '--profiles', join(dir, 'profiles.yaml'), '--stats'];
    const run =
      how === 'npm'
        ? spawnSync(NPM, ['run', '--silent', 'batch', '--', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 })
        : spawnSync(join(ROOT, 'node_modules/.bin/tsx'), ['tools/batch.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const stats = JSON.parse(run.stderr.trim().split('\n').at(-1)!) as Record<string, unknown>;
    const lines = readFileSync(join(dir, `${how}.jsonl`), 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, any>)
      // each result without what differs on every calculation (its id and time)
      .map((l) => ({ ...l, result: withoutIds(l.result as Record<string, any>) }));
    return { stats, lines };
  }

  it("runs the build the sources were just built into (tools/launch.mjs), and its lines are the sources' lines", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'npm-batch-'));
    try {
      await writeRequests(join(dir, 'in.jsonl'), 20, true);
      writeProfiles(join(dir, 'profiles.yaml'));
      const built = batch('npm', dir);
      const sources = batch('sources', dir);
      expect(built.stats).toMatchObject({ code: 'build', lines: 20, results: 20, errors: 0 });
      expect(sources.stats).toMatchObject({ code: 'sources', lines: 20, results: 20, errors: 0 });
      expect(built.lines).toHaveLength(20);
      expect(built.lines).toEqual(sources.lines);
      expect(built.lines[0]).toMatchObject({ line: 1, status: 200, result: { calculation_type: 'monthly_payroll' } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
