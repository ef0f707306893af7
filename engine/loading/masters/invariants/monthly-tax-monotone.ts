/**
 * 月額表 amounts: non-decreasing down every column (more pay, never less tax) and non-increasing across
 * dependents (more dependents, never more tax), in the rows and in the 740,000+ bracket bases. If real
 * published data ever breaks this, the data is reported to the lead, never "fixed" here.
 */
import type { MonthlyTaxTable } from '../types.ts';
import type { Issue } from './issue.ts';
import { gt, lt } from '../../../decimal.ts';

export function monthlyTaxMonotone(t: MonthlyTaxTable): Issue[] {
  const issues: Issue[] = [];
  // plain loops: a callback per row (and per bracket) was made for every table at every start
  for (let i = 0; i < t.rows.length; i++) {
    const row = t.rows[i];
    const prev = t.rows[i - 1];
    for (let d = 0; d < row.kou.length; d++) {
      const v = row.kou[d];
      if (prev && lt(v, prev.kou[d]))
        issues.push({ path: `/rows/${i}/${d + 2}`, message: `甲 ${d} dependents: ${v} is less than the row above (${prev.kou[d]})` });
      if (d > 0 && gt(v, row.kou[d - 1]))
        issues.push({ path: `/rows/${i}/${d + 2}`, message: `甲 ${d} dependents: ${v} is more than with ${d - 1} (${row.kou[d - 1]})` });
    }
    if (prev && lt(row.otsu, prev.otsu))
      issues.push({ path: `/rows/${i}/10`, message: `乙 ${row.otsu} is less than the row above (${prev.otsu})` });
  }
  for (let i = 0; i < t.kou_brackets.length; i++) {
    const b = t.kou_brackets[i];
    const prev = t.kou_brackets[i - 1];
    for (let d = 0; d < b.base_by_dependents.length; d++) {
      const v = b.base_by_dependents[d];
      if (prev && lt(v, prev.base_by_dependents[d]))
        issues.push({
          path: `/kou_brackets/${i}/base_by_dependents/${d}`,
          message: `base ${v} is less than the previous bracket's (${prev.base_by_dependents[d]})`,
        });
      if (d > 0 && gt(v, b.base_by_dependents[d - 1]))
        issues.push({ path: `/kou_brackets/${i}/base_by_dependents/${d}`, message: `base ${v} is more than with ${d - 1} dependents` });
    }
  }
  for (let i = 1; i < t.otsu_brackets.length; i++) {
    const b = t.otsu_brackets[i];
    const prev = t.otsu_brackets[i - 1];
    if (lt(b.base, prev.base))
      issues.push({ path: `/otsu_brackets/${i}/base`, message: `base ${b.base} is less than the previous bracket's (${prev.base})` });
  }
  return issues;
}
