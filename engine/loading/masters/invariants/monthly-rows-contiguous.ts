/**
 * 月額表 rows: each row's lower bound equals the previous row's upper bound (no gap, no overlap), every
 * row is non-empty, and the first row starts exactly where the below-table rules (甲 and 乙) stop.
 */
import type { MonthlyTaxTable } from '../types.ts';
import type { Issue } from './issue.ts';
import { eq, lt } from '../../../decimal.ts';

export function monthlyRowsContiguous(t: MonthlyTaxTable): Issue[] {
  const issues: Issue[] = [];
  const first = t.rows[0];
  if (first && !eq(first.lower, t.kou_below_table.upper_excl))
    issues.push({
      path: '/rows/0/0',
      message: `first row starts at ${first.lower}, not at the 甲 below-table limit ${t.kou_below_table.upper_excl}`,
    });
  if (first && !eq(first.lower, t.otsu_below_table.upper_excl))
    issues.push({
      path: '/rows/0/0',
      message: `first row starts at ${first.lower}, not at the 乙 below-table limit ${t.otsu_below_table.upper_excl}`,
    });
  t.rows.forEach((row, i) => {
    if (!lt(row.lower, row.upper))
      issues.push({ path: `/rows/${i}/1`, message: `row upper bound ${row.upper} is not above its lower bound ${row.lower}` });
    const prev = t.rows[i - 1];
    if (prev && !eq(row.lower, prev.upper))
      issues.push({
        path: `/rows/${i}/0`,
        message: `row starts at ${row.lower} but the previous row ends at ${prev.upper} (${row.lower.gt(prev.upper) ? 'gap' : 'overlap'})`,
      });
  });
  return issues;
}
