/**
 * The impact report of the 2025 -> 2026 year-end adjustment reform: the same generated households
 * under the law of tax year 2025 (calculated 2025-12-10) and of 2026 (2026-12-10). The report's figures are
 * checked against the engine run directly on each household, and against what the statutory reference says
 * the reform does to the basic deduction (kiso_kojo.csv: 2025 tiers 950,000 / 880,000 / 680,000 / 630,000 /
 * 580,000, 2026 tiers 1,040,000 / 670,000 / 620,000 at the same 合計所得 bounds up to 4,890,000, 6,550,000 and
 * 23,500,000): every household's basic deduction rises by 90,000, 160,000, 360,000 or 40,000.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type Engine } from '../../engine/index.ts';
import { generateHouseholds } from '../../tools/impact/households.ts';
import { runSubjects, type RunTotals } from '../../tools/impact/run.ts';
import { buildSubjects } from '../../tools/impact/subjects.ts';
import { summarize, type ImpactSummary } from '../../tools/impact/summary.ts';
import { textReport } from '../../tools/impact/text.ts';
import type { Subject } from '../../tools/impact/run.ts';

const OPTIONS = {
  seed: 3,
  size: 120,
  on: [],
  twoDates: ['2025-12-10', '2026-12-10'] as [string, string],
  goldenDir: null,
  calculation: 'year_end_adjustment' as const,
};

describe('impact report: year-end adjustment, tax year 2025 law against 2026 law', () => {
  let engine: Engine;
  let subjects: Subject[];
  let totals: RunTotals;
  let summary: ImpactSummary;
  let text: string;

  beforeAll(() => {
    engine = loadEngine();
    ({ subjects } = buildSubjects(engine, OPTIONS));
    totals = runSubjects(engine, engine, subjects);
    summary = summarize(totals, { base: '2025', head: '2026', baseHash: 'x', headHash: 'x' }, 5, []);
    text = textReport(summary);
  });

  it('compares every generated household the API accepts, the same household on both sides (ages kept at 31 December)', () => {
    expect(subjects.length).toBeGreaterThan(100);
    for (const s of subjects.slice(0, 20)) {
      expect(s.baseRequest.tax_year).toBe(2025);
      expect(s.headRequest.tax_year).toBe(2026);
      const b = s.baseRequest as any;
      const h = s.headRequest as any;
      expect(h.salary_payment_total).toBe(b.salary_payment_total);
      expect(Number(h.employee.birth_date.slice(0, 4)) - Number(b.employee.birth_date.slice(0, 4))).toBe(1);
      expect(h.declarations.dependents.length).toBe(b.declarations.dependents.length);
    }
  });

  it('counts exactly the households whose annual tax moves, with their total, as the engine run directly gives them', () => {
    const moves: number[] = [];
    for (const s of subjects) {
      const b = engine.calculate('year_end_adjustment', structuredClone(s.baseRequest), s.profile).amounts as any;
      const h = engine.calculate('year_end_adjustment', structuredClone(s.headRequest), s.profile).amounts as any;
      if (h.annual_tax !== b.annual_tax) moves.push(h.annual_tax - b.annual_tax);
    }
    const d = summary.distributions.annual_tax;
    expect(moves.length).toBeGreaterThan(0);
    expect(d.n).toBe(moves.length);
    expect(d.total).toBe(moves.reduce((t, x) => t + x, 0));
    expect([d.min, d.max]).toEqual([Math.min(...moves), Math.max(...moves)]);
    // the reform only raises deductions and lowers the salary income: nobody's annual tax goes up
    expect(d.up).toBe(0);
    expect(d.down).toBe(moves.length);
    expect(text).toContain(`  annual_tax${' '.repeat(22)} ${String(d.n).padStart(7)} (0 up, ${d.n} down)  `);
  });

  it("raises every household's basic deduction by a step of the two years' tables", () => {
    const basic = totals.changes.map((c) => c.deltas['deductions.basic']);
    expect(basic.length).toBe(subjects.length);
    expect(new Set(basic).size).toBeGreaterThan(1);
    for (const d of basic) expect([40000, 90000, 160000, 360000]).toContain(d);
    expect(summary.distributions['deductions.basic']).toMatchObject({ n: subjects.length, up: subjects.length, down: 0 });
  });

  it('is reproducible from its seed', () => {
    const a = generateHouseholds(3, 5).map((m) => m.request('2026-12-10'));
    const b = generateHouseholds(3, 5).map((m) => m.request('2026-12-10'));
    expect(a).toEqual(b);
    expect(generateHouseholds(4, 5).map((m) => m.request('2026-12-10'))).not.toEqual(a);
  });
});
