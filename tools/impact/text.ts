/** The impact report as text on stdout: counts, distributions and the largest cases' differing steps. */
import type { ImpactSummary } from './summary.ts';

const yen = (n: number) => (n > 0 ? `+${n.toLocaleString('en-US')}` : n.toLocaleString('en-US'));

export function textReport(s: ImpactSummary): string {
  const out: string[] = [];
  out.push(`impact: base ${s.base} (rules+masters ${s.baseHash.slice(0, 12)})`);
  out.push(`        head ${s.head} (rules+masters ${s.headHash.slice(0, 12)})`);
  out.push(`results compared: ${s.compared}; changed: ${s.changed}${s.errorsChanged ? ` (${s.errorsChanged} with an error on one side only)` : ''}`);
  for (const n of s.notes) out.push(`note: ${n}`);
  if (!s.changed) return out.join('\n');
  out.push('', 'changed results by formula code (a step whose rounded amount changed):');
  for (const [code, n] of Object.entries(s.byFormulaCode)) out.push(`  ${String(n).padStart(7)}  ${code}`);
  out.push('', 'changed results by amount, and the change in yen (head - base): n, min, q1, median, q3, max');
  for (const [name, d] of Object.entries(s.distributions)) {
    out.push(`  ${name.padEnd(32)} ${String(d.n).padStart(7)}  ${[d.min, d.q1, d.median, d.q3, d.max].map(yen).join(' / ')}`);
  }
  out.push('', `largest changes (${s.largest.length}):`);
  for (const c of s.largest) {
    out.push(`  ${c.id} [${c.calculation}] ${Object.entries(c.tags).map(([k, v]) => `${k}=${v}`).join(' ')}`);
    if (c.base.error || c.head.error) out.push(`      base: ${c.base.error ?? 'result'}   head: ${c.head.error ?? 'result'}`);
    for (const st of c.steps) out.push(`      ${st.step.padEnd(40)} ${String(st.base).padStart(10)} -> ${String(st.head).padEnd(10)} ${st.formula_code}`);
  }
  return out.join('\n');
}
