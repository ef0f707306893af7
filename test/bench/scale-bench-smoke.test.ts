/**
 * Smoke test of `npm run bench -- --only scale --quick` (the scale-out section of `--http`): every
 * store and topology has its row and every figure in it is a number, the store counts are there, and
 * the answer's bytes plain and compressed are reported. Needs PostgreSQL (PAYROLL_BENCH_POSTGRES_URL or
 * the local server) and redis-server; no timing is asserted.
 */
import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../api/support/databases.ts';

const root = join(import.meta.dirname, '../..');
const NUMBER = /^-?[\d,]+(\.\d+)?$/;

function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!TEST_DATABASE_URL || !hasRedisServer())('npm run bench -- --only scale --quick', () => {
  let report: string;
  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['tools/bench.ts', '--only', 'scale', '--quick'], {
      cwd: root,
      timeout: 240_000,
      // the bench creates and drops its own database on the server the tests use
      env: { ...process.env, PAYROLL_BENCH_POSTGRES_URL: TEST_DATABASE_URL },
    });
    report = stdout;
  }, 250_000);

  it('has a row of numbers per store and topology, with the store counts', () => {
    const lines = report.split('\n');
    const at = lines.findIndex((l) => l.startsWith('stores, topology'));
    expect(at, report).toBeGreaterThanOrEqual(0);
    const header = lines[at].trim().split(/ {2,}/);
    expect(header).toEqual(expect.arrayContaining(['server CPU us/req', 'CPU vs 1 worker', 'PG xact/req', 'Redis cmds/req', 'p99 ms']));
    const rows = lines.slice(at + 1, at + 7).map((l) => l.trim().split(/ {2,}/));
    expect(rows.map((r) => r[0])).toEqual(
      ['PostgreSQL + Redis', 'PostgreSQL alone'].flatMap((s) => ['1 worker', '2 workers', '2 processes'].map((t) => `${s}, ${t}`)),
    );
    for (const r of rows) {
      expect(r).toHaveLength(header.length);
      for (const cell of r.slice(1)) expect(cell, `${r[0]}: ${cell}`).toMatch(NUMBER);
    }
    // every calculation is at least one transaction (the quota's), and Redis carries the rate limit
    const pg = header.indexOf('PG xact/req');
    const redis = header.indexOf('Redis cmds/req');
    for (const r of rows) expect(Number(r[pg].replace(/,/g, ''))).toBeGreaterThan(0);
    expect(Number(rows[0][redis])).toBeGreaterThan(0);
    expect(rows[3][redis]).toBe('0');
  });

  it('reports the bytes of an answer plain, br and gzip, and the runs with a coding', () => {
    expect(report).toMatch(/bytes per monthly-with-trace answer: plain [\d,]+, br [\d,]+ \([\d.]+ %\), gzip [\d,]+ \([\d.]+ %\)/);
    expect(report).toMatch(/\nAccept-Encoding: br {2,}/);
    expect(report).toMatch(/\nAccept-Encoding: gzip {2,}/);
  });
});
