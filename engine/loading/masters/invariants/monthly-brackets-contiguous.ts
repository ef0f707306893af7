/**
 * 740,000+ brackets (甲 and 乙): the first starts at the last row's upper bound, each starts where the
 * previous one ends, bounds ascend, and only the last is open (upto null).
 */
import type { MonthlyTaxTable } from '../types.ts';
import type { Issue } from './issue.ts';
import { eq, lt, type Decimal } from '../../../decimal.ts';

function chain(name: string, brackets: { from: Decimal; upto: Decimal | null }[], start: Decimal | undefined): Issue[] {
  const issues: Issue[] = [];
  if (start && brackets[0] && !eq(brackets[0].from, start))
    issues.push({
      path: `/${name}/0/from`,
      message: `first bracket starts at ${brackets[0].from}, not at the last row's upper bound ${start}`,
    });
  brackets.forEach((b, i) => {
    const last = i === brackets.length - 1;
    if (last && b.upto !== null) issues.push({ path: `/${name}/${i}/upto`, message: 'the last bracket must be open (upto: null)' });
    if (!last && b.upto === null) issues.push({ path: `/${name}/${i}/upto`, message: 'only the last bracket may be open' });
    if (b.upto !== null && !lt(b.from, b.upto))
      issues.push({ path: `/${name}/${i}/upto`, message: `upto ${b.upto} is not above from ${b.from}` });
    const prev = brackets[i - 1];
    if (prev && prev.upto !== null && !eq(b.from, prev.upto))
      issues.push({ path: `/${name}/${i}/from`, message: `bracket starts at ${b.from} but the previous one ends at ${prev.upto}` });
  });
  return issues;
}

export function monthlyBracketsContiguous(t: MonthlyTaxTable): Issue[] {
  const start = t.rows[t.rows.length - 1]?.upper;
  return [...chain('kou_brackets', t.kou_brackets, start), ...chain('otsu_brackets', t.otsu_brackets, start)];
}
