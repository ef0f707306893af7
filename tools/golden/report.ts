/** The readable text of a failing golden case: one block per case, one line per difference. */
import { pathText } from './compare.ts';
import type { CaseOutcome, GoldenCase } from './runner.ts';

const show = (v: unknown) => (v === undefined ? '(absent)' : JSON.stringify(v));

export function formatFailure(c: GoldenCase, outcome: CaseOutcome): string {
  const lines = [`FAIL ${c.id}  (${c.file})`];
  for (const m of outcome.mismatches) {
    lines.push(`  ${pathText(m.path)}${m.note ? ` (${m.note})` : ''}`);
    lines.push(`      expected ${show(m.expected)}`);
    lines.push(`      actual   ${show(m.actual)}`);
    if (m.step) lines.push(`      from step ${m.step.step}: ${m.step.formula_code}${m.step.rule_file ? `  (${m.step.rule_file})` : ''}`);
  }
  for (const p of outcome.problems) lines.push(`  ${p}`);
  return lines.join('\n');
}
