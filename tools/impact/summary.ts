/**
 * The figures of the impact report: how many results changed, by formula code and by amount, the
 * distribution of each change (min, quartiles, max: nearest-rank quartiles, so every figure is a yen
 * amount some employee actually sees), and the largest cases.
 */
import type { GroupCounts } from './groups.ts';
import { TRACKED, type Change, type RunTotals } from './run.ts';

export interface Distribution {
  n: number;
  /** how many of the n moved up (head above base) and down */
  up: number;
  down: number;
  /** the sum of the changes, yen */
  total: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

export interface ImpactSummary {
  base: string;
  head: string;
  baseHash: string;
  headHash: string;
  compared: number;
  changed: number;
  errorsChanged: number;
  byFormulaCode: Record<string, number>;
  byAmount: Record<string, number>;
  distributions: Record<string, Distribution>;
  largest: Change[];
  notes: string[];
  /** compared and changed results per prefecture, premium month and pay type */
  groups: GroupCounts;
  /** "tax_table_version 2026-01 -> 2027-01" -> changed results that used the two versions */
  versionChanges: Record<string, number>;
  /** "health_insurance.health_insurance_employee_rate 0.04925 -> 0.0493" -> changed results */
  rateChanges: Record<string, number>;
  /** warnings first: dates that reach no changed version */
  warnings: string[];
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Most frequent first, then by label. */
const ranked = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).sort(([ka, a], [kb, b]) => b - a || ka.localeCompare(kb)));

/** Nearest-rank percentile of sorted integers (p in 0..1). */
function rank(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

function distribution(values: number[]): Distribution {
  const s = [...values].sort((a, b) => a - b);
  const up = s.filter((d) => d > 0).length;
  const total = s.reduce((t, d) => t + d, 0);
  return {
    n: s.length,
    up,
    down: s.length - up,
    total,
    min: s[0],
    q1: rank(s, 0.25),
    median: rank(s, 0.5),
    q3: rank(s, 0.75),
    max: s[s.length - 1],
  };
}

/** Size of a change for ranking: the largest absolute yen difference in any followed amount. */
function magnitude(c: Change): number {
  const ds = Object.values(c.deltas).map(Math.abs);
  return ds.length ? Math.max(...ds) : Number.POSITIVE_INFINITY; // an error that appears or disappears ranks first
}

export function summarize(
  totals: RunTotals,
  labels: { base: string; head: string; baseHash: string; headHash: string },
  top: number,
  notes: string[],
  warnings: string[] = [],
): ImpactSummary {
  const byFormulaCode: Record<string, number> = {};
  const versionChanges: Record<string, number> = {};
  const rateChanges: Record<string, number> = {};
  const byAmount: Record<string, number> = {};
  const deltas: Record<string, number[]> = {};
  let errorsChanged = 0;
  for (const c of totals.changes) {
    if (c.base.error || c.head.error) errorsChanged++;
    for (const code of new Set(c.steps.map((s) => s.formula_code))) byFormulaCode[code] = (byFormulaCode[code] ?? 0) + 1;
    for (const v of c.versions) {
      const k = `${v.name} ${v.base} -> ${v.head}`;
      versionChanges[k] = (versionChanges[k] ?? 0) + 1;
    }
    for (const k of new Set(c.rates.map((r) => `${r.step}.${r.input} ${show(r.base)} -> ${show(r.head)}`)))
      rateChanges[k] = (rateChanges[k] ?? 0) + 1;
    for (const [name, d] of Object.entries(c.deltas)) {
      byAmount[name] = (byAmount[name] ?? 0) + 1;
      (deltas[name] ??= []).push(d);
    }
  }
  const distributions: Record<string, Distribution> = {};
  // payroll's amounts in their usual order, then any other calculation's in the order first met
  for (const name of [...TRACKED, ...Object.keys(deltas)])
    if (deltas[name] && !distributions[name]) distributions[name] = distribution(deltas[name]);
  const largest = [...totals.changes].sort((a, b) => magnitude(b) - magnitude(a) || a.id.localeCompare(b.id)).slice(0, top);
  return {
    ...labels,
    compared: totals.compared,
    changed: totals.changes.length,
    errorsChanged,
    byFormulaCode: Object.fromEntries(Object.entries(byFormulaCode).sort(([, a], [, b]) => b - a)),
    byAmount,
    distributions,
    largest,
    notes,
    groups: totals.groups,
    versionChanges: ranked(versionChanges),
    rateChanges: ranked(rateChanges),
    warnings,
  };
}
