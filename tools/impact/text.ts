/**
 * The impact report as text on stdout: warnings first, counts, the breakdown by pay type, premium month
 * and prefecture, the version and rate changes behind the results, distributions, and the largest cases
 * with their version and rate changes inline before the differing steps.
 */
import { DIMENSIONS, type GroupCounts } from './groups.ts';
import type { Change } from './run.ts';
import type { ImpactSummary } from './summary.ts';

const yen = (n: number) => (n > 0 ? `+${n.toLocaleString('en-US')}` : n.toLocaleString('en-US'));
const count = (n: number) => n.toLocaleString('en-US');
const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

const TITLES: Record<(typeof DIMENSIONS)[number], string> = {
  pay_type: 'pay type',
  premium_month: 'premium month',
  prefecture: 'prefecture',
};

/** Groups with a change, each as changed / compared; the unchanged groups counted on one line. */
function breakdown(groups: GroupCounts): string[] {
  const out: string[] = [];
  for (const d of DIMENSIONS) {
    const entries = Object.entries(groups[d]).sort(([a], [b]) => a.localeCompare(b));
    const changed = entries.filter(([, g]) => g.changed > 0);
    out.push(`  by ${TITLES[d]}:${changed.length ? '' : ' no group changed'}`);
    for (const [k, g] of changed)
      out.push(
        `    ${k.padEnd(24)} ${count(g.changed).padStart(7)} of ${count(g.compared).padStart(7)}  (${((100 * g.changed) / g.compared).toFixed(1)} %)`,
      );
    const unchanged = entries.length - changed.length;
    if (changed.length && unchanged) out.push(`    (${unchanged} other ${TITLES[d]} group(s) unchanged)`);
  }
  return out;
}

/** What changed behind a case's amounts, on the lines before its steps. */
export function causes(c: Change): string[] {
  const out: string[] = [];
  if (c.versions.length) out.push(`versions: ${c.versions.map((v) => `${v.name} ${v.base} -> ${v.head}`).join('; ')}`);
  if (c.rates.length) out.push(`rates: ${c.rates.map((r) => `${r.step}.${r.input} ${show(r.base)} -> ${show(r.head)}`).join('; ')}`);
  return out;
}

export function textReport(s: ImpactSummary): string {
  const out: string[] = [];
  for (const w of s.warnings) out.push(w);
  out.push(`impact: base ${s.base} (rules+masters ${s.baseHash.slice(0, 12)})`);
  out.push(`        head ${s.head} (rules+masters ${s.headHash.slice(0, 12)})`);
  out.push(
    `results compared: ${s.compared}; changed: ${s.changed}${s.errorsChanged ? ` (${s.errorsChanged} with an error on one side only)` : ''}`,
  );
  for (const n of s.notes) out.push(`note: ${n}`);
  if (!s.changed) return out.join('\n');
  out.push('', 'changed results (changed of compared):', ...breakdown(s.groups));
  if (Object.keys(s.versionChanges).length) {
    out.push('', 'table versions chosen differently, in changed results:');
    for (const [k, n] of Object.entries(s.versionChanges)) out.push(`  ${String(n).padStart(7)}  ${k}`);
  }
  if (Object.keys(s.rateChanges).length) {
    out.push('', 'rates that differ, in changed results (step.input base -> head):');
    for (const [k, n] of Object.entries(s.rateChanges)) out.push(`  ${String(n).padStart(7)}  ${k}`);
  }
  out.push('', 'changed results by formula code (a step whose rounded amount changed):');
  for (const [code, n] of Object.entries(s.byFormulaCode)) out.push(`  ${String(n).padStart(7)}  ${code}`);
  out.push('', 'changed results by amount, and the change in yen (head - base): n (up, down), min, q1, median, q3, max; total');
  for (const [name, d] of Object.entries(s.distributions)) {
    out.push(
      `  ${name.padEnd(32)} ${String(d.n).padStart(7)} (${d.up} up, ${d.down} down)  ${[d.min, d.q1, d.median, d.q3, d.max].map(yen).join(' / ')}; total ${yen(d.total)}`,
    );
  }
  out.push('', `largest changes (${s.largest.length}):`);
  for (const c of s.largest) {
    out.push(
      `  ${c.id} [${c.calculation}] ${Object.entries(c.tags)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    );
    if (c.base.error || c.head.error) out.push(`      base: ${c.base.error ?? 'result'}   head: ${c.head.error ?? 'result'}`);
    for (const line of causes(c)) out.push(`      ${line}`);
    for (const st of c.steps)
      out.push(`      ${st.step.padEnd(40)} ${String(st.base).padStart(10)} -> ${String(st.head).padEnd(10)} ${st.formula_code}`);
  }
  return out.join('\n');
}
