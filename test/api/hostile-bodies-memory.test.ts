/**
 * Issue 22 item 3: hostile JSON bodies cost bounded memory. The server runs as `npm start` runs it (its
 * own process, so its peak resident set, VmHWM, is its own); 16 senders at once post each hostile
 * body of 1 MiB or less (900 KB of nested arrays, 500,000 numbers, 350,000 empty array items, 60,000
 * keys, a 900 KB key) four times over. The peak RSS may grow at most by the bound stated in
 * docs/reliability.md over the peak of start-up and normal requests. Before the streaming scan the
 * whole run grew it by 290 MB, the nested arrays alone by 262 MB.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { startServerProcess, type ListeningServerProcess } from './support/server-process.ts';
import { call, putProfile } from './support/test-server.ts';

/** docs/reliability.md: "peak RSS grows by less than 160 MB under 16 concurrent hostile bodies". */
const RSS_GROWTH_BOUND_MB = 160;
const SENDERS = 16;
const ROUNDS = 4;

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

function hostileBodies(): [string, string][] {
  const monthly = bodies.monthly() as Record<string, unknown>;
  const keys = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i]));
  return [
    ['nested arrays', `${'['.repeat(450_000)}${']'.repeat(450_000)}`],
    ['500,000 numbers', `[${'0,'.repeat(499_999)}0]`],
    ['350,000 empty allowances', JSON.stringify({ ...monthly, allowances: Array.from({ length: 340_000 }, () => ({})) })],
    ['60,000 unknown keys', JSON.stringify({ ...monthly, ...keys })],
    ['a 900 KB key', JSON.stringify({ ...monthly, ['n'.repeat(900_000)]: 1 })],
  ];
}

describe.skipIf(process.platform !== 'linux')('hostile bodies, peak RSS of the server process', () => {
  let db: TestDatabase;
  let server: ListeningServerProcess;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    // 368 requests in two or three seconds: above the default rate limit (100 a second, 100 more over ten)
    // on a fast machine, where a 429 would answer before the body is read; memory is what is measured here
    server = await startServerProcess(db, { PAYROLL_RATE_LIMIT_PER_SECOND: '100000', PAYROLL_RATE_LIMIT_BURST: '100000' });
    expect((await putProfile(server, server.apiKey, 'acme-tokyo')).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    server?.kill();
    await server?.exited;
    await db?.drop();
  });

  it(`${SENDERS} concurrent senders of each hostile body grow the peak RSS by less than ${RSS_GROWTH_BOUND_MB} MB`, async () => {
    // the baseline: start-up and normal requests (including 16 at once)
    for (let i = 0; i < 3; i++) {
      const normal = await Promise.all(
        Array.from({ length: SENDERS }, () => call(server, 'POST', PATHS.monthly, { key: server.apiKey, body: bodies.monthly() })),
      );
      expect(normal.map((r) => r.status)).toEqual(Array(SENDERS).fill(200));
    }
    const pid = server.child.pid!;
    const baseline = peakRssMb(pid);
    const figures: string[] = [];
    for (const [name, body] of hostileBodies()) {
      for (let round = 0; round < ROUNDS; round++) {
        const answers = await Promise.all(
          Array.from({ length: SENDERS }, () =>
            call(server, 'POST', PATHS.monthly, { key: server.apiKey, rawBody: body, headers: { 'Content-Type': 'application/json' } }),
          ),
        );
        for (const a of answers) expect(a.status).toBe(422);
      }
      figures.push(`${name}: peak RSS ${peakRssMb(pid).toFixed(0)} MB`);
    }
    const growth = peakRssMb(pid) - baseline;
    console.log(`peak RSS baseline ${baseline.toFixed(0)} MB; ${figures.join('; ')}; growth ${growth.toFixed(0)} MB`);
    expect(growth).toBeLessThan(RSS_GROWTH_BOUND_MB);
  }, 180_000);
});
