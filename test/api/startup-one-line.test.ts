/**
 * A start that cannot serve says why in one line naming the file or variable, and exits 1, with no
 * stack trace (the README's promise): a rule file of nested aliases (a "billion laughs"), an unreachable
 * or malformed PAYROLL_DATABASE_URL. One process and a node:cluster of two workers alike.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BILLION_LAUGHS } from '../support/hostile-yaml.ts';
import { ROOT, runServerToExit } from './support/run-server.ts';

const STACK = /\n\s+at |"stack"|ReferenceError|pg-pool/;
const PROCESS_MODELS = [
  ['one process', '1'],
  ['two workers', '2'],
] as const;

const temp = mkdtempSync(join(tmpdir(), 'payroll-one-line-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const laughingRules = join(temp, 'rules');
cpSync(join(ROOT, 'rules'), laughingRules, { recursive: true });
writeFileSync(join(laughingRules, 'laughs.yaml'), BILLION_LAUGHS);

/** The JSON log lines of level fatal (60). */
const fatalLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.level === 60);

describe.each(PROCESS_MODELS)('start refused in one line (%s)', (_, workers) => {
  it('a billion laughs among the rules: the file named, exit 1, no stack', () => {
    const r = runServerToExit({ PORT: '0', PAYROLL_WORKERS: workers, PAYROLL_RULES_DIR: laughingRules });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^rules\/laughs\.yaml:1: \/: refused: its aliases expand more than 100 times/m);
    expect(r.stdout).toMatch(/could not load its masters and rules \(1 problem\(s\)/);
    expect(r.stdout + r.stderr).not.toMatch(STACK);
  }, 120_000);

  it.each([
    ['that no server answers', 'postgres://postgres@127.0.0.1:1/payroll', /ECONNREFUSED 127\.0\.0\.1:1/],
    ['that is not a URL', 'postgres://user:secret@[::1/payroll', /Invalid URL/],
  ])(
    'a PAYROLL_DATABASE_URL %s: one line naming the variable, exit 1, no stack',
    (_what, url, reason) => {
      const r = runServerToExit({ PORT: '0', PAYROLL_WORKERS: workers, PAYROLL_DATABASE_URL: url });
      expect(r.status).toBe(1);
      const fatal = fatalLines(r.stdout).filter((l) => String(l.msg).startsWith('cannot open'));
      // one line per process that tried: the one server, or each worker before the primary stops
      expect(fatal.length).toBeGreaterThanOrEqual(1);
      for (const line of fatal) {
        expect(line.msg).toMatch(/^cannot open the PostgreSQL database named by PAYROLL_DATABASE_URL: /);
        expect(line.msg).toMatch(reason);
      }
      expect(r.stdout + r.stderr).not.toMatch(STACK);
      expect(r.stdout + r.stderr).not.toContain('secret');
    },
    120_000,
  );
});
