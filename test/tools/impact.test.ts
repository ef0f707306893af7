/**
 * The impact report on a deliberate one-yen change (one cell of the 2026 monthly withholding table):
 * the expected count is derived independently, from the base traces that read that exact cell, and
 * must be what the text report and the HTML page (charts rendered in headless Chromium, nothing fetched)
 * show. Also: the seeded population is reproducible and covers what the report promises.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { buildSubjects } from '../../tools/impact/subjects.ts';
import { generatePopulation, apiAccepts } from '../../tools/impact/population.ts';
import { browserTestsRun, browserTitle, launchChromium } from '../support/chromium.ts';
import { oneYenMasters, PROJECT, removeTemp, tempDir } from './support/data-copies.ts';

const run = promisify(execFile);
const OPTIONS = { seed: 7, size: 300, on: ['2026-05-25'], twoDates: null, goldenDir: join(PROJECT, 'test', 'golden') };
const browserRuns = browserTestsRun();

type Step = { formula_code: string; inputs: Record<string, unknown>; master_refs: { type: string; version: string }[] };

/** Results whose monthly withholding step read the changed cell: 2026 table, kou, 0 dependents, 251,000 <= A < 254,000. */
function readsTheChangedCell(trace: Step[]): boolean {
  return trace.some(
    (s) =>
      s.formula_code === 'income_tax.monthly_bracket_lookup.v1' &&
      s.inputs.tax_table_type === 'kou' &&
      s.inputs.tax_dependent_count === 0 &&
      (s.inputs.income_tax_basis_amount as number) >= 251000 &&
      (s.inputs.income_tax_basis_amount as number) < 254000 &&
      s.master_refs.some((r) => r.type === 'income_tax_table' && r.version === '2026-01'),
  );
}

describe('impact report on a one-yen change', () => {
  let work: string;
  let headDir: string;
  let expected: { all: number; withNetPay: number };
  let stdout: string;

  beforeAll(async () => {
    work = tempDir('impact');
    headDir = join(oneYenMasters(), '..'); // a directory holding masters/ (rules: the project's)
    const base = loadEngine();
    const { subjects } = buildSubjects(base, OPTIONS);
    expected = { all: 0, withNetPay: 0 };
    for (const s of subjects) {
      try {
        const r = base
          .calculate(
            s.calculation,
            { ...structuredClone(s.baseRequest), calculation_options: { include_calculation_trace: true } },
            s.profile,
          )
          .toResult();
        if (readsTheChangedCell(r.calculation_trace as unknown as Step[])) {
          expected.all++;
          if (typeof r.amounts.net_payment === 'number') expected.withNetPay++;
        }
      } catch {
        /* a request that errors reads no table */
      }
    }
    ({ stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        join(PROJECT, 'tools', 'impact.ts'),
        '--base',
        PROJECT,
        '--head',
        headDir,
        '--seed',
        '7',
        '--size',
        '300',
        '--on',
        '2026-05-25',
        '--html',
        join(work, 'impact.html'),
      ],
      { cwd: PROJECT, maxBuffer: 64 * 1024 * 1024 },
    ));
  }, 240_000);

  afterAll(() => {
    removeTemp(work);
    removeTemp(headDir);
  });

  it('the population and the golden corpus hit the changed cell', () => {
    expect(expected.all).toBeGreaterThanOrEqual(5);
    expect(expected.withNetPay).toBeGreaterThanOrEqual(1);
  });

  it('the text report counts exactly those results, by formula code and by amount, each +1 yen of tax and -1 yen of net pay', () => {
    expect(stdout).toMatch(new RegExp(`results compared: \\d+; changed: ${expected.all}\\n`));
    expect(stdout).toMatch(new RegExp(`\\n +${expected.all}  income_tax.monthly_bracket_lookup.v1\\n`));
    const n = (x: number) => x.toLocaleString('en-US');
    expect(stdout).toContain(
      `  income_tax                       ${String(expected.all).padStart(7)} (${expected.all} up, 0 down)  +1 / +1 / +1 / +1 / +1; total +${n(expected.all)}`,
    );
    expect(stdout).toContain(
      `  net_payment                      ${String(expected.withNetPay).padStart(7)} (0 up, ${expected.withNetPay} down)  -1 / -1 / -1 / -1 / -1; total -${n(expected.withNetPay)}`,
    );
    expect(stdout).not.toMatch(/health_insurance|employees_pension_insurance|employment_insurance +\d/);
    expect(stdout).toMatch(/income_tax +6220 -> 6221 +income_tax.monthly_bracket_lookup.v1/);
  });

  it('breaks the changed results down by pay type, premium month and prefecture: each dimension adds up to the changed and compared totals', () => {
    const compared = Number(/results compared: (\d+);/.exec(stdout)![1]);
    for (const title of ['pay type', 'premium month', 'prefecture']) {
      const block = stdout
        .slice(stdout.indexOf(`  by ${title}:`))
        .split('\n')
        .slice(1);
      const rows = block
        .slice(
          0,
          block.findIndex((l) => !l.startsWith('    ') || l.startsWith('    (')),
        )
        .map((l) => /^ {4}(\S+) +([\d,]+) of +([\d,]+) +\(/.exec(l)!);
      expect(rows.reduce((n, r) => n + Number(r[2].replace(/,/g, '')), 0)).toBe(expected.all);
      expect(rows.every((r) => Number(r[3].replace(/,/g, '')) <= compared)).toBe(true);
    }
    // the one cell is read by monthly pay and the income-tax grid only; no version or rate differs
    expect(stdout).toMatch(/ {2}by pay type:\n {4}income_tax_simulation +\d+ of +[\d,]+ +\([\d.]+ %\)\n {4}monthly +\d+ of/);
    expect(stdout).not.toContain('table versions chosen differently');
    expect(stdout).not.toContain('rates that differ');
  });

  it.runIf(browserRuns)(
    browserTitle('the HTML page renders its charts offline with the same counts', browserRuns),
    async () => {
      const html = readFileSync(join(work, 'impact.html'), 'utf8');
      // nothing to fetch: no external script or stylesheet (the route check below also fails on any request)
      expect(/<script[^>]*\ssrc=/i.test(html)).toBe(false);
      expect(/<link\b/i.test(html)).toBe(false);
      const { context, close } = await launchChromium();
      try {
        const page = await context.newPage();
        const fetched: string[] = [];
        await page.route('**/*', (route) => {
          const url = route.request().url();
          if (url.startsWith('file:')) return route.continue();
          fetched.push(url);
          return route.abort();
        });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`file://${join(work, 'impact.html')}`);
        const state = await page.evaluate(() => {
          const w = window as unknown as {
            impactCharts: Record<string, { data: { labels: string[]; datasets: { data: unknown[] }[] } }>;
            Chart: { instances: Record<string, unknown> };
          };
          const painted = (id: string) => {
            const canvas = document.getElementById(id) as HTMLCanvasElement;
            const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
            let n = 0;
            for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) n++;
            return { width: canvas.width, painted: n };
          };
          const series = (name: string) => {
            const c = w.impactCharts[name];
            return Object.fromEntries(c.data.labels.map((l, i) => [l, c.data.datasets[0].data[i]]));
          };
          // every bar is placed on both axes and drawn with a visible length (a bar at a null coordinate
          // leaves axes and labels painted but no bar)
          const barsDrawn = (name: string) => {
            const chart = w.impactCharts[name] as unknown as {
              getDatasetMeta(i: number): { data: { x: number; y: number; base: number; horizontal?: boolean }[] };
              options: { indexAxis?: string };
            };
            const horizontal = chart.options.indexAxis === 'y';
            return chart
              .getDatasetMeta(0)
              .data.map((b) => Number.isFinite(b.x) && Number.isFinite(b.y) && Math.abs((horizontal ? b.x : b.y) - b.base) >= 2);
          };
          return {
            drawn: ['byAmount', 'byFormulaCode', 'distribution'].map((n) => barsDrawn(n)),
            instances: Object.keys(w.Chart.instances).length,
            byAmount: series('byAmount'),
            byFormulaCode: series('byFormulaCode'),
            distribution: series('distribution'),
            canvases: ['by-amount', 'by-formula-code', 'distribution'].map(painted),
            changed: document.getElementById('changed')!.textContent,
            incomeTaxRow: [...document.querySelectorAll('tr[data-amount="income_tax"] td')].map((td) => td.textContent),
            payTypeChanged: [...document.querySelectorAll('#by-pay-type tr[data-group] td:nth-child(2)')].reduce(
              (n, td) => n + Number(td.textContent),
              0,
            ),
          };
        });
        expect(errors).toEqual([]);
        expect(fetched).toEqual([]);
        expect(state.instances).toBe(3);
        expect(state.drawn).toEqual([
          Object.keys(state.byAmount).map(() => true),
          Object.keys(state.byFormulaCode).map(() => true),
          Object.keys(state.distribution).map(() => true),
        ]);
        for (const c of state.canvases) {
          expect(c.width).toBeGreaterThan(0);
          expect(c.painted).toBeGreaterThan(500);
        }
        expect(state.changed).toBe(String(expected.all));
        expect(state.byAmount).toEqual({
          income_tax: expected.all,
          total_deductions: expected.withNetPay,
          net_payment: expected.withNetPay,
        });
        expect(state.byFormulaCode['income_tax.monthly_bracket_lookup.v1']).toBe(expected.all);
        expect(state.distribution.income_tax).toEqual([1, 1]);
        expect(state.incomeTaxRow).toEqual(['income_tax', String(expected.all), '1', '1', '1', '1', '1']);
        expect(state.payTypeChanged).toBe(expected.all);
        // within its width at a desktop and a phone width, every folded input opened: no horizontal scrolling
        for (const width of [1280, 800, 390]) {
          await page.setViewportSize({ width, height: 900 });
          // Chart.js resizes its canvases on a ResizeObserver callback, a frame or more later (longer under load)
          await page.waitForFunction(
            () =>
              [...document.querySelectorAll('canvas')].every(
                (c) => c.getBoundingClientRect().right <= document.documentElement.clientWidth + 1,
              ),
            null,
            { timeout: 15_000 },
          );
          const fit = await page.evaluate(() => {
            document.querySelectorAll('details').forEach((d) => ((d as HTMLDetailsElement).open = true));
            const doc = document.documentElement;
            // anything wider than the page outside the tables' own scroll boxes
            const outside = [...document.querySelectorAll('body *')]
              .filter((e) => !e.closest('.scroll') && e.getBoundingClientRect().right > doc.clientWidth + 1)
              .map((e) => e.tagName);
            return {
              scrollWidth: doc.scrollWidth,
              clientWidth: doc.clientWidth,
              outside,
              details: document.querySelectorAll('details[open]').length,
            };
          });
          expect(fit.details).toBeGreaterThan(0);
          expect(fit.outside).toEqual([]);
          expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
        }
      } finally {
        await close();
      }
    },
    120_000,
  );
});

describe('the generated population', () => {
  const engine = loadEngine();
  const accepts = apiAccepts(engine);
  const a = generatePopulation(3, 500, accepts, '2026-05-25');

  it('is reproducible from its seed, and the same member gives the same request twice', () => {
    const b = generatePopulation(3, 500, accepts, '2026-05-25');
    expect(b.members.map((m) => JSON.stringify(m.request('2026-05-25')))).toEqual(
      a.members.map((m) => JSON.stringify(m.request('2026-05-25'))),
    );
    expect(generatePopulation(4, 500, accepts, '2026-05-25').members.map((m) => m.id)).not.toEqual(a.members.map((m) => m.id));
  });

  it('covers every pay type, all 47 prefectures, care and not, the probed dependents and every withholding zone', () => {
    const kinds = new Set(a.members.map((m) => m.tags.kind));
    expect([...kinds].sort()).toEqual(['bonus', 'daily', 'hourly', 'income_tax_grid', 'monthly']);
    expect(new Set(a.members.filter((m) => m.tags.prefecture).map((m) => m.tags.prefecture)).size).toBe(47);
    expect(new Set(a.members.filter((m) => 'care' in m.tags).map((m) => m.tags.care))).toEqual(new Set([true, false]));
    // dependents: 0-7, and more only if the API accepts them (it does not today: tax_dependent_count maximum 7)
    expect(a.dependents.slice(0, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const grid = a.members.filter((m) => m.tags.kind === 'income_tax_grid' && m.tags.tax_table_type === 'kou' && m.tags.dependents === 0);
    const bases = grid.map((m) => {
      const r = m.request('2026-05-25');
      return (r.taxable_payment as number) - (r.social_insurance_deduction_amount as number);
    });
    // every 1,000-yen step of the row table (rows are 2,000 or 3,000 wide) and a base in each bracket above
    for (let x = 105000; x < 740000; x += 1000) expect(bases).toContain(x);
    expect(bases.filter((x) => x >= 740000).length).toBeGreaterThanOrEqual(9);
    for (const m of a.members) expect(accepts(m.calculation, m.request('2026-05-25'))).toBe(true);
  });
});
