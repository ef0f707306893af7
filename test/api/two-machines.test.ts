/**
 * Two machines, simulated: two separate server processes (server/boot/main.ts, one worker
 * each, two ports) on one PostgreSQL database and one Redis, as two replicas behind a load balancer
 * would run (docs/deployment.md). Across them: the Free-plan quota is exact, a key revoked by the admin
 * command is refused at once by both (every request sent after the command returned, while they were
 * serving it from their caches), the rate limit is one limit, and a reload (SIGHUP to each) leaves both
 * reporting the same rules-and-masters hash.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { keyPrefixOf } from '../../server/app/auth/api-keys.ts';
import type { Store } from '../../server/app/store/types.ts';
import { applyOneYenChange, copyMasters, PROJECT, removeTemp } from '../tools/support/data-copies.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase, describeUnless, storeSkipReason, type TestDatabase } from './support/databases.ts';
import { logLines } from './support/log-lines.ts';
import { call, newAccount, putProfile } from './support/test-server.ts';

/** The run's Redis (redis-gate.ts), or null with the reason. */
const REDIS_URL = inject('redisTestUrl');
const SKIP = storeSkipReason('postgres') ?? (REDIS_URL ? null : inject('redisSkipReason'));
const run = promisify(execFile);

interface Machine {
  url: string;
  child: ChildProcess;
  log: ReturnType<typeof logLines>;
}

describeUnless(SKIP, 'two machines: two server processes on one PostgreSQL and one Redis', () => {
  let db: TestDatabase;
  let seed: Store;
  let masters: string;
  const machines: Machine[] = [];

  async function startMachine(): Promise<Machine> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/boot/main.ts'], {
      cwd: PROJECT,
      env: {
        ...process.env,
        ...db.env,
        PORT: '0',
        HOST: '127.0.0.1',
        PAYROLL_WORKERS: '1',
        PAYROLL_REDIS_URL: REDIS_URL!,
        PAYROLL_MASTERS_DIR: masters,
        PAYROLL_FREE_PLAN_MONTHLY_QUOTA: '10',
        // One point a second and 100 more over ten seconds: one volley fits in the burst window.
        PAYROLL_RATE_LIMIT_PER_SECOND: '1',
        PAYROLL_RATE_LIMIT_BURST: '101',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const log = logLines(child);
    const listening = await log.waitFor((l) => l.msg === 'listening', 90_000);
    return { url: `http://127.0.0.1:${listening.port}`, child, log };
  }

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    seed = await db.open();
    masters = copyMasters();
    // One after the other: two start-ups at once on a busy machine only make both slower.
    machines.push(await startMachine());
    machines.push(await startMachine());
  }, 200_000);
  afterAll(async () => {
    for (const m of machines) if (m.child.exitCode === null) m.child.kill('SIGKILL');
    await seed?.close();
    await db?.drop();
    if (masters) removeTemp(join(masters, '..'));
  });

  it('counts the Free-plan quota exactly across both', async () => {
    const [a, b] = machines;
    const { api_key: key } = await newAccount(seed, 'free');
    expect((await putProfile(a!, key, 'acme-tokyo')).status).toBe(200);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(i % 2 ? a! : b!, 'POST', PATHS.monthly, { key, body: bodies.monthly() }).then((r) => r.status),
      ),
    );
    expect([...statuses].sort()).toEqual([...Array(10).fill(200), ...Array(20).fill(402)]);
  });

  it('refuses a key revoked by the admin command on both, from the first request sent after it returned', async () => {
    const [a, b] = machines;
    const { api_key: key } = await newAccount(seed);
    // Both have the key in their caches.
    for (const m of [a!, b!, a!, b!]) expect((await call(m, 'GET', '/v1/masters/tax-tables', { key })).status).toBe(200);
    // Requests keep going to both while the command runs (each remembers when it was sent), four a second
    // each, within the rate limit, so that every answer is the key check's own (200 or 401, never 429).
    const sent: { at: number; status: number }[] = [];
    let stop = false;
    const hammer = async (m: Machine) => {
      while (!stop) {
        const at = performance.now();
        const { status } = await call(m, 'GET', '/v1/masters/tax-tables', { key });
        sent.push({ at, status });
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const load = [hammer(a!), hammer(b!)];
    const env = { ...process.env, PAYROLL_DB: '', ...db.env };
    const revoked = await run(process.execPath, ['--import', 'tsx', 'tools/admin.ts', 'key', 'revoke', '--key-prefix', keyPrefixOf(key)!], {
      cwd: PROJECT,
      env,
    });
    const returnedAt = performance.now();
    expect(JSON.parse(revoked.stdout)).toEqual({ key_prefix: keyPrefixOf(key), revoked: 1 });
    // Let both serve a while after the command returned.
    await new Promise((r) => setTimeout(r, 1000));
    stop = true;
    await Promise.all(load);
    const after = sent.filter((s) => s.at > returnedAt);
    expect(sent.filter((s) => s.status !== 200 && s.status !== 401)).toEqual([]);
    expect(after.length).toBeGreaterThan(2);
    expect(new Set(after.map((s) => s.status))).toEqual(new Set([401]));
    // The key was served before (the caches were warm and in use while the command ran).
    expect(sent.some((s) => s.status === 200)).toBe(true);
  }, 60_000);

  it('shares one rate limit: one volley over both admits the burst once, not once per process', async () => {
    const [a, b] = machines;
    const { api_key: key } = await newAccount(seed);
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => call(i % 2 ? a! : b!, 'GET', '/v1/masters/tax-tables', { key }).then((r) => r.status)),
    );
    const admitted = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    // Shared: 100 from the burst window plus one per second the volley spans (1 to 3). Per process it
    // would be twice that (every one of the 200).
    expect(admitted).toBeGreaterThanOrEqual(101);
    expect(admitted).toBeLessThanOrEqual(104);
  });

  it('reports the same rules-and-masters hash from both after a reload of each', async () => {
    const [a, b] = machines;
    const before = await Promise.all([a!, b!].map((m) => call(m, 'GET', '/readyz')));
    expect(before.map((r) => r.status)).toEqual([200, 200]);
    applyOneYenChange(masters);
    for (const m of machines) m.child.kill('SIGHUP');
    const reloaded = await Promise.all(machines.map((m) => m.log.waitFor((l) => l.msg === 'masters and rules reloaded', 60_000)));
    const hash = reloaded[0]!.rules_masters_hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(reloaded[1]!.rules_masters_hash).toBe(hash);
    const ready = await Promise.all([a!, b!].map((m) => call(m, 'GET', '/readyz')));
    expect(ready.map((r) => r.json.last_reload)).toEqual([
      expect.objectContaining({ outcome: 'loaded', rules_masters_hash: hash }),
      expect.objectContaining({ outcome: 'loaded', rules_masters_hash: hash }),
    ]);
  }, 90_000);
});
