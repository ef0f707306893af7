/**
 * Writes the server bundle's code cache (server/boot/code-cache.ts) so that even the first `npm start` after
 * a build deserialises its bytecode: `npm run build` runs the bundled form, dist/code-cache-warm.js,
 * after the load cache is warm. It starts the built server once (any free port on 127.0.0.1, a
 * throw-away SQLite file), asks GET /healthz, and stops it with SIGTERM: the server writes the cache as
 * it exits, holding what a warm start and its first request compile. Like the load cache's warm-up it
 * never fails the build: a server that does not start (no masters and rules in the build folder) is
 * reported and the first start compiles instead.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningOf } from './server-listening.ts';

const DIST = dirname(fileURLToPath(import.meta.url));
const CACHE = join(DIST, 'server.cjs.code-cache');
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
    return existsSync(CACHE) ? `code cache: ${CACHE}` : 'code cache not written (dist/ is read-only?)';
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  process.stdout.write(`${await warm()}\n`);
} catch (err) {
  process.stdout.write(`code cache not written (the first start compiles the bundle): ${(err as Error).message}\n`);
}
