/**
 * PAYROLL_WORKERS=2: server/boot/main.ts as a node:cluster primary with two workers on one SQLite file.
 * Both workers serve; the Free-plan quota stays exact across them (10 successes out of 30 parallel
 * monthly calls); SIGTERM to the primary drains both workers and the primary exits 0.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/app/store/sqlite.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { ROOT, runServerToExit } from './support/run-server.ts';
import { spawnServer } from './support/server-process.ts';
import { call, newAccount, putProfile } from './support/test-server.ts';

describe('cluster', () => {
  it('two workers serve, quota stays exact across them, SIGTERM drains both', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-cluster-'));
    const file = join(dir, 'payroll.sqlite');
    const seed = openSqliteStore(file);
    const { api_key } = await newAccount(seed, 'free');
    await seed.close();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/boot/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        PAYROLL_WORKERS: '2',
        PAYROLL_DB: file,
        PAYROLL_DATABASE_URL: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: Record<string, unknown>[] = [];
    let stderr = '';
    let buffered = '';
    let onLine = () => {};
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const part of parts) lines.push(JSON.parse(part));
      onLine();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // 'close', not 'exit': every line the workers wrote is read by then.
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const waitFor = (test: () => boolean) =>
      new Promise<void>((resolve, reject) => {
        const check = () => test() && resolve();
        onLine = check;
        check();
        void exited.then(() => reject(new Error(`exited early; stderr: ${stderr}`)));
      });
    try {
      // The primary's line and the workers' lines come from different processes, in any order.
      await waitFor(() => lines.some((l) => l.msg === 'all workers listening') && lines.filter((l) => l.msg === 'listening').length >= 2);
      const workers = lines.filter((l) => l.msg === 'listening');
      expect(workers).toHaveLength(2);
      expect(new Set(workers.map((l) => l.pid)).size).toBe(2);
      expect(workers[0].port).toBe(workers[1].port);
      const server = { url: `http://127.0.0.1:${workers[0].port}` };

      expect((await putProfile(server, api_key, 'acme-tokyo')).status).toBe(200);
      const statuses = await Promise.all(
        Array.from({ length: 30 }, () =>
          call(server, 'POST', PATHS.monthly, { key: api_key, body: bodies.monthly() }).then((r) => r.status),
        ),
      );
      // Every status at once, so a failure shows any other answer (a 503, say) among them.
      expect([...statuses].sort()).toEqual([...Array(10).fill(200), ...Array(20).fill(402)]);
      await waitFor(() => lines.filter((l) => l.route === PATHS.monthly).length === 30);
      const servedBy = new Set(lines.filter((l) => l.route === PATHS.monthly).map((l) => l.pid));
      expect(servedBy.size).toBe(2);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(lines.filter((l) => l.msg === 'stopped')).toHaveLength(3); // two workers and the primary
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('cluster start-up refusal', () => {
  it('a worker that cannot load the masters stops the whole cluster with exit 1', () => {
    const res = runServerToExit({
      PORT: '0',
      PAYROLL_WORKERS: '2',
      PAYROLL_MASTERS_DIR: join(ROOT, 'test/fixtures/masters-broken/unknown-key'),
    });
    expect(res.status).toBe(1);
    expect(res.stdout).toMatch(/could not load its masters and rules/);
    expect(res.stdout).toMatch(/a worker failed to start; stopping/);
    expect(res.stdout).not.toMatch(/"msg":"listening"/);
  }, 120_000);
});

describe('cluster after a worker was replaced', () => {
  it('the replacement serves, the exit log names worker_pid once, and a clean SIGTERM drain still exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-cluster-'));
    const server = spawnServer({ PAYROLL_WORKERS: '2', PAYROLL_DB: join(dir, 'payroll.sqlite') });
    try {
      await server.waitFor((l) => l.msg === 'all workers listening', 90_000);
      await server.waitFor(() => server.lines.filter((l) => l.msg === 'listening').length === 2, 30_000);
      const first = new Set(server.lines.filter((l) => l.msg === 'listening').map((l) => l.pid));
      const victim = server.lines.find((l) => l.msg === 'listening')!;
      process.kill(victim.pid as number, 'SIGKILL');
      const died = await server.waitFor((l) => l.msg === 'worker died; starting another', 30_000);
      expect(died).toMatchObject({ worker_pid: victim.pid, signal: 'SIGKILL', code: null });
      const diedRaw = server.raw.find((t) => t.includes('worker died'))!;
      expect(diedRaw.match(/"pid":/g)).toHaveLength(1); // the primary's own, not the worker's a second time
      const replacement = await server.waitFor((l) => l.msg === 'listening' && !first.has(l.pid), 90_000);
      const health = await fetch(`http://127.0.0.1:${replacement.port}/healthz`);
      expect(health.status).toBe(200);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.lines.filter((l) => l.msg === 'stopped')).toHaveLength(3); // two workers and the primary
    } finally {
      server.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
