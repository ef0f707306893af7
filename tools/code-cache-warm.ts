/**
 * Starts the built server once so that even the first `npm start` after a build is a warm one: it
 * deserialises the bundle from Node's compile cache (dist/compile-cache/, server/boot/boot.ts; Node 22 and
 * later) and skips the checks of the set this bundle proved (the load cache's proof, written by this
 * start: engine/loading/load-cache.ts). `npm run build` runs the bundled form, dist/code-cache-warm.js,
 * after the load cache is warm. It starts the server on any free port of 127.0.0.1 with a throw-away
 * SQLite file, asks GET /healthz, and stops it with SIGTERM: Node writes the compile cache as the process
 * exits. Node keeps a folder per user (and Node version, architecture, V8 flags), so the cache is of the
 * user who runs this: the image runs it again as its runtime user. Like the load cache's warm-up it never fails the build: a server that does not start (no
 * masters and rules in the build folder) is reported and the first start does the work instead.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningOf } from './server-listening.ts';

const DIST = dirname(fileURLToPath(import.meta.url));
const CACHE = join(DIST, 'compile-cache');
const HAS_COMPILE_CACHE = Number(process.versions.node.split('.')[0]) >= 22;
/** Long enough for a cold start on a busy machine; the build goes on without the cache after it. */
const START_TIMEOUT_MS = 60_000;

async function warm(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'code-cache-warm-'));
  const child = spawn(process.execPath, [join(DIST, 'main.js')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PAYROLL_DB: join(dir, 'warm.sqlite'),
      PAYROLL_DATABASE_URL: '',
      PAYROLL_REDIS_URL: '',
      PAYROLL_WORKERS: '1',
      LOG_LEVEL: 'info',
    },
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
  try {
    const { port } = await listeningOf(child, exited, (code) => `the server exited with ${code} before listening`);
    await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.arrayBuffer());
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`the server exited with ${code} after SIGTERM`);
    if (!HAS_COMPILE_CACHE) return `warm start done (node ${process.version} has no compile cache: each start compiles the bundle)`;
    return existsSync(CACHE) ? `compile cache: ${CACHE}` : 'compile cache not written (dist/ is read-only?)';
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  process.stdout.write(`${await warm()}\n`);
} catch (err) {
  process.stdout.write(`warm start failed (the first start does its work): ${(err as Error).message}\n`);
}
