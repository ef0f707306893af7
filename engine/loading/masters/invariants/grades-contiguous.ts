/**
 * 標準報酬月額 grades: numbered 1..n in order, the first starts at 0, each starts where the previous ends,
 * standard amounts ascend, and only the last is open (to null).
 */
import type { Grade } from '../types.ts';
import type { Issue } from './issue.ts';
import { eq, gt, lt } from '../../../decimal.ts';

export function gradesContiguous(grades: Grade[]): Issue[] {
  const issues: Issue[] = [];
  if (grades[0] && !grades[0].from.isZero()) issues.push({ path: '/grades/0/from', message: `grade 1 starts at ${grades[0].from}, not 0` });
  grades.forEach((g, i) => {
    const last = i === grades.length - 1;
    if (g.grade !== i + 1) issues.push({ path: `/grades/${i}/grade`, message: `grade number ${g.grade}, expected ${i + 1}` });
    if (last && g.to !== null) issues.push({ path: `/grades/${i}/to`, message: 'the last grade must be open (to: null)' });
    if (!last && g.to === null) issues.push({ path: `/grades/${i}/to`, message: 'only the last grade may be open' });
    if (g.to !== null && !lt(g.from, g.to)) issues.push({ path: `/grades/${i}/to`, message: `to ${g.to} is not above from ${g.from}` });
    const prev = grades[i - 1];
    if (prev?.to && !eq(g.from, prev.to))
      issues.push({ path: `/grades/${i}/from`, message: `grade starts at ${g.from} but the previous grade ends at ${prev.to}` });
    if (prev && !gt(g.standard_monthly_remuneration, prev.standard_monthly_remuneration))
      issues.push({ path: `/grades/${i}/standard_monthly_remuneration`, message: 'standard monthly remuneration does not ascend' });
  });
  return issues;
}
