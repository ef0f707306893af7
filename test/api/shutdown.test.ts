/**
 * Graceful shutdown: `npm start`'s entry (server/boot/main.ts) as a child process on a temp SQLite file;
 * SIGTERM lets an in-flight request finish, then the process exits 0. Also the in-process drain.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/app/store/sqlite.ts';
import type { Store } from '../../server/app/store/types.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase } from './support/databases.ts';
import { call, newAccount, putProfile, startTestServer } from './support/test-server.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

function waitForLine(child: ReturnType<typeof spawn>, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const timer = setTimeout(() => reject(new Error(`timeout waiting for ${pattern}; stdout: ${seen}; stderr: ${errors}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const line = seen.split('\n').find((l) => pattern.test(l));
      if (line) {
        clearTimeout(timer);
        resolve(line);
      }
    });
  });
}

describe('shutdown', () => {
  it('server/boot/main.ts serves, then on SIGTERM drains and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-main-'));
    const file = join(dir, 'payroll.sqlite');
    const seed = openSqliteStore(file);
    const { api_key } = await newAccount(seed);
    await seed.close();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/boot/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', PAYROLL_DB: file, PAYROLL_DATABASE_URL: '', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      // Start-up compiles the TypeScript and every master and rule; on a loaded CI machine that takes a while.
      const listening = JSON.parse(await waitForLine(child, /"msg":"listening"/, 75_000));
      const server = { url: `http://127.0.0.1:${listening.port}` };
      expect((await putProfile(server, api_key, 'acme-tokyo')).status).toBe(200);
      // A request whose body is still arriving when SIGTERM comes: it is in flight and must finish.
      const payload = Buffer.from(JSON.stringify(bodies.monthly()));
      const inFlight = new Promise<number>((resolve, reject) => {
        const req = http.request(`${server.url}${PATHS.monthly}`, {
          method: 'POST',
          agent: false,
          headers: { 'Content-Type': 'application/json', 'Content-Length': payload.length, 'X-API-Key': api_key },
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.write(payload.subarray(0, 10));
        setTimeout(() => child.kill('SIGTERM'), 300);
        setTimeout(() => req.end(payload.subarray(10)), 600);
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      expect(await inFlight).toBe(200);
      expect(await exited).toBe(0);
      await expect(fetch(`${server.url}/v1/openapi.json`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('stop() waits for an in-flight request, then closes the store', async () => {
    const db = await createTestDatabase('sqlite');
    const store = await db.open();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let closed = false;
    // A store whose company lookup waits for the test, to hold a request in flight.
    const slowStore: Store = Object.assign(Object.create(store), {
      findCompany: async (a: string, c: string) => {
        await gate;
        return store.findCompany(a, c);
      },
      close: async () => {
        closed = true;
        await store.close();
      },
    });
    const server = await startTestServer(db, { store: slowStore });
    const { api_key } = await newAccount(store);
    await putProfile(server, api_key, 'acme-tokyo');
    const inFlight = call(server, 'POST', PATHS.incomeTax, { key: api_key, body: bodies.incomeTax() });
    await new Promise((r) => setTimeout(r, 50));
    const stopping = server.stop();
    await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(false);
    release();
    expect((await inFlight).status).toBe(200);
    await stopping;
    expect(closed).toBe(true);
    await db.drop();
  });
});
