/**
 * SIGHUP with hostile masters, as an operator would do it, on both stores and both process models (one
 * process; a node:cluster of two workers): a 19,000-row withholding table (inside the loading bounds,
 * refused by its invariants after a long check) and a 1,000,000-row one (refused by its size) are
 * refused while every request meanwhile is answered on the old set, by every worker; the good set then
 * reloads everywhere; SIGTERM drains with exit 0. In the cluster, a worker replaced while the files on
 * disk are refused cannot start: the other serves on and it is tried again until the files load.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MONTHLY_TABLE, writeOversizedMonthlyTable } from '../support/hostile-yaml.ts';
import { applyOneYenChange, copyMasters, removeTemp } from '../tools/support/data-copies.ts';
import { callsDuring, type Answer } from './support/calls-during.ts';
import { createTestDatabase, describeEachStore } from './support/databases.ts';
import { spawnServer, type LogLine, type ServerProcess } from './support/server-process.ts';
import { newAccount, putProfile } from './support/test-server.ts';

/** Requests are sent back to back: the rate limit is not what these tests are about. */
const UNLIMITED = { PAYROLL_RATE_LIMIT_PER_SECOND: '100000', PAYROLL_RATE_LIMIT_BURST: '100000' };
const REFUSED = 'reload refused; the previous masters and rules keep serving';
const count = (server: ServerProcess, msg: string) => server.lines.filter((l) => l.msg === msg).length;
/** Waits until `n` more lines with this message than `before` were logged (one per worker). */
const more = (server: ServerProcess, msg: string, before: number, n: number) =>
  server.waitFor(() => count(server, msg) >= before + n, 120_000);
const only = (answers: Answer[]) => [...new Set(answers.map((a) => `${a.status} ${a.income_tax} ${a.rules_masters_hash}`))];

describeEachStore('SIGHUP with hostile masters (%s)', (kind) => {
  it.each([
    ['one process', 1],
    ['two workers', 2],
  ] as const)(
    '%s: refused while serving on the old set, then the good set everywhere, then a clean drain',
    async (_, workers) => {
      const db = await createTestDatabase(kind);
      const seed = await db.open();
      const { api_key: key } = await newAccount(seed);
      await seed.close();
      const masters = copyMasters();
      const original = readFileSync(join(masters, MONTHLY_TABLE), 'utf8');
      const server = spawnServer({ ...db.env, ...UNLIMITED, PAYROLL_WORKERS: String(workers), PAYROLL_MASTERS_DIR: masters });
      try {
        await server.waitFor(() => count(server, 'listening') === workers, 120_000);
        const url = `http://127.0.0.1:${server.lines.find((l) => l.msg === 'listening')!.port}`;
        expect((await putProfile({ url }, key, 'acme-tokyo')).status).toBe(200);
        const serving = (server.lines.find((l) => l.msg === 'masters and rules loaded') as LogLine).rules_masters_hash;

        for (const rows of [19_000, 1_000_000]) {
          writeOversizedMonthlyTable(masters, rows);
          const before = count(server, REFUSED);
          server.child.kill('SIGHUP');
          const answers = await callsDuring(url, key, more(server, REFUSED, before, workers));
          expect(only(answers)).toEqual([`200 6220 ${serving}`]);
        }
        const bySize = server.lines.filter((l) => l.file === MONTHLY_TABLE && /refused before parsing/.test(String(l.msg)));
        expect(bySize).toHaveLength(workers);

        writeFileSync(join(masters, MONTHLY_TABLE), original);
        applyOneYenChange(masters);
        const reloadedBefore = count(server, 'masters and rules reloaded');
        server.child.kill('SIGHUP');
        await more(server, 'masters and rules reloaded', reloadedBefore, workers);
        // the primary logs the commit after it told every worker: a worker's own line may come first
        if (workers > 1) await server.waitFor((l) => l.msg === 'reload committed on every worker', 30_000);
        const after = await Promise.all(Array.from({ length: 8 }, () => callsDuring(url, key, Promise.resolve())));
        expect(new Set(after.flat().map((a) => `${a.status} ${a.income_tax}`))).toEqual(new Set(['200 6221']));

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        server.kill();
        removeTemp(join(masters, '..'));
        await db.drop();
      }
    },
    300_000,
  );
});

describe('a replacement worker while the files on disk are refused', () => {
  it('cannot start: the other worker serves on, and it is tried again until the files load', async () => {
    const db = await createTestDatabase('sqlite');
    const masters = copyMasters();
    const original = readFileSync(join(masters, MONTHLY_TABLE), 'utf8');
    const server = spawnServer({ ...db.env, PAYROLL_WORKERS: '2', PAYROLL_MASTERS_DIR: masters });
    try {
      await server.waitFor(() => count(server, 'listening') === 2, 120_000);
      const url = `http://127.0.0.1:${server.lines.find((l) => l.msg === 'listening')!.port}`;
      writeOversizedMonthlyTable(masters, 1_000_000);
      const victim = server.lines.find((l) => l.msg === 'listening')!.pid as number;
      process.kill(victim, 'SIGKILL');
      const retry = await server.waitFor((l) => l.msg === 'a replacement worker failed to start; the others serve on', 120_000);
      expect(retry).toMatchObject({ level: 50, code: 1, retry_in_ms: 1000 });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      writeFileSync(join(masters, MONTHLY_TABLE), original);
      await server.waitFor(() => count(server, 'listening') === 3, 120_000);
      server.child.kill('SIGTERM');
      const code = await server.exited;
      // on failure, the lines that say why (a worker that did not drain cleanly, or died)
      expect({ code, lines: code === 0 ? [] : server.lines.filter((l) => (l.level as number) >= 40) }).toEqual({ code: 0, lines: [] });
    } finally {
      server.kill();
      removeTemp(join(masters, '..'));
      await db.drop();
    }
  }, 300_000);
});
