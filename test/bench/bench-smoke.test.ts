/**
 * Smoke test of `npm run bench -- --quick`: the report has every section, and each figure in it is a
 * number. No timing is asserted (the machine is shared; benchmarks report figures, tests do not judge them).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
/** A figure, or a ratio to its same-run reference ("7.46x"). */
const NUMBER = /^-?[\d,]+(\.\d+)?x?$/;

let report: string;

/** The rows of the table that follows `heading` (header line first), cells split on 2+ spaces. */
function tableAfter(heading: string, skip = 0): string[][] {
  const lines = report.split('\n');
  const at = lines.findIndex((l) => l.startsWith(heading));
  expect(at, `section ${heading}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const l of lines.slice(at + 1 + skip)) {
    if (l.trim() === '' || l.startsWith('#') || !/\S {2,}\S/.test(l)) break;
    rows.push(l.trim().split(/ {2,}/));
  }
  return rows;
}

function expectNumericRows(rows: string[][], names: RegExp[]): void {
  const [header, ...body] = rows;
  expect(body.map((r) => r[0])).toEqual(names.map((n) => expect.stringMatching(n)));
  for (const r of body) {
    expect(r).toHaveLength(header.length);
    for (const cell of r.slice(1)) expect(cell, `${r[0]}: ${cell}`).toMatch(NUMBER);
  }
}

describe('npm run bench -- --quick', () => {
  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['tools/bench.ts', '--quick'], {
      cwd: root,
      timeout: 240_000,
    });
    report = stdout;
  }, 250_000);

  it('names the machine, Node and date', () => {
    expect(report).toMatch(/^machine: .+, \d+ cores; load average at start [\d. ]+$/m);
    expect(report).toContain(`node ${process.version}; 20`);
  });

  it('has the engine figures for every calculation type, with and without trace, and the per-line overheads', () => {
    expect(report).toMatch(/engine load \(masters \+ rules, validate and compile\): [\d,]+ ms/);
    expectNumericRows(tableAfter('## Engine', 1), [
      /^monthly payroll, with trace$/,
      /^monthly payroll, with trace, and the answer bytes$/,
      /^monthly payroll, without trace$/,
      /^monthly payroll, attendance/,
      /^bonus/,
      /^social insurance/,
      /^employment insurance/,
      /^income tax/,
      /^grade lookup$/,
    ]);
    expect(report).toMatch(/idling on this machine: .* [\d,]+ µs back to back, [\d,]+ µs after the thread slept 0\.3 ms \([\d.]+x;/);
    expectNumericRows(tableAfter('## Per-line overheads'), [
      /^JSON.parse/,
      /^schema validation/,
      /^cross-field/,
      /^JSON.stringify .* without trace/,
      /^JSON.stringify .* with trace/,
    ]);
  });

  it('has the HTTP figures at 32 connections with the ratios to the cheapest route', () => {
    expectNumericRows(tableAfter('## HTTP', 1), [
      /monthly.*with trace$/,
      /monthly.*without trace$/,
      /year-end-adjustment/,
      /\(cheapest\)$/,
      /^GET \/healthz$/,
    ]);
    expect(tableAfter('## HTTP', 1)[0]).toEqual(expect.arrayContaining(['server CPU us/req', 'bare us/req', 'vs bare']));
    expect(report).toMatch(/ratio monthly with trace \/ cheapest route: [\d.]+ %/);
    expect(report).toMatch(/ratio monthly without trace \/ cheapest route: [\d.]+ %/);
    expect(report).toContain('autocannon 32 connections');
  });

  it('has the start-up time and the batch throughput with peak RSS', () => {
    expect(report).toMatch(/## Start-up .*\nmedian of 1: [\d,]+ ms/);
    expect(report).toMatch(/a one-line node server in turns with it: [\d,]+ ms .*vs one-line server: [\d.]+x/);
    expectNumericRows(tableAfter('## Batch'), [
      /^monthly payroll, without trace$/,
      /^monthly payroll, with trace$/,
      /^monthly payroll, with trace, --trace compact$/,
    ]);
    expect(report).toMatch(/without trace: parse [\d.]+ %, validate [\d.]+ %, calculate [\d.]+ %, serialize [\d.]+ %/);
  });
});

/**
 * `--targets` with one cheap section (start-up, about 4 s): the sections' figures reach the judged table,
 * and what the run did not measure says so. The other sections' plumbing is typed (tools/bench.ts); the
 * judgement itself is test/bench/targets.test.ts's.
 */
describe('npm run bench -- --targets --quick --only startup', () => {
  let out: string;
  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(
      join(root, 'node_modules/.bin/tsx'),
      ['tools/bench.ts', '--targets', '--quick', '--only', 'startup'],
      { cwd: root, timeout: 60_000 },
    );
    out = stdout;
  }, 70_000);

  it('prints the start-up section, then one row per target with its ratio, figure, limit and status', () => {
    const lines = out.split('\n');
    expect(out).toMatch(/## Start-up .*\nmedian of 1: ([\d,]+) ms/);
    const startupMs = /median of 1: ([\d,]+) ms/.exec(out)![1];
    const ratio = /one-line node server in turns with it: [\d,]+ ms .*vs one-line server: ([\d.]+x)/.exec(out)![1];
    const at = lines.findIndex((l) => l.startsWith("## Issue 20's targets"));
    expect(at, out).toBeGreaterThan(0);
    expect(lines[at + 1].trim().split(/ {2,}/)).toEqual(['target', 'measured', 'limit', 'status']);
    const rows = lines.slice(at + 2, at + 15).map((l) => l.trim().split(/ {2,}/));
    expect(rows).toHaveLength(13);
    const startup = rows.find((r) => r[0] === 'start-up to the first answered request')!;
    expect(startup).toEqual([
      'start-up to the first answered request',
      expect.stringMatching(new RegExp(`^${ratio.replace('.', '\\.')} of [\\d,.]+ ms \\(${startupMs} ms\\)$`)),
      expect.stringMatching(/^≤ [\d.]+x \(from ≤ 400 ms\)$/),
      expect.stringMatching(/^(met|not met)$/),
    ]);
    for (const r of rows.filter((r) => r !== startup))
      expect(r.slice(1), r[0]).toEqual(['-', expect.stringMatching(/^[≤≥] /), 'not measured']);
    expect(lines[at + 15]).toBe(`${startup[3] === 'met' ? 1 : 0} of 13 met`);
  });
});
