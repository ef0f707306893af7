/**
 * Every row boundary of the 令和8年分 日額表 and each formula start, at B - 1 and B, for 甲 0-7, 乙 and 丙: the
 * golden cases tools/daily-table-cases.ts generated from the statutory reference (daily_2026.csv and its
 * rules), run through the one golden runner. They live in test/golden-boundaries/, not test/golden/, so the
 * suites that walk every golden case keep their time.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { loadGoldenCases, runGoldenCase } from '../../tools/golden/runner.ts';
import { formatFailure } from '../../tools/golden/report.ts';

const engine = loadEngine();
const cases = loadGoldenCases(join(import.meta.dirname, '../golden-boundaries/daily-2026'));

describe('daily table 2026: every row boundary', () => {
  it('has a case on each side of the 206 boundaries for each of the 10 columns, and of each formula start', () => {
    // 206 boundaries (205 row starts and 24,000) x 2 sides x 10 columns, plus the formula starts above 24,000:
    // 甲 8 each (x 8 columns), 乙 1, 丙 4, each x 2 sides
    expect(cases.length).toBe(206 * 2 * 10 + (8 * 8 + 1 + 4) * 2);
  });
  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const outcome = runGoldenCase(engine, c);
    expect(outcome.mismatches.length + outcome.problems.length, formatFailure(c, outcome)).toBe(0);
  });
});
