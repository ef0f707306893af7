/**
 * 電算機特例 tiers use INCLUSIVE bounds as printed: the first starts at 0, each next `from` is the
 * previous `to` + 1, and only the last is open (to null).
 */
import type { ComputerSpecialTable, AmountTier } from '../types.ts';
import type { Issue } from './issue.ts';

function chain(name: string, tiers: AmountTier[]): Issue[] {
  const issues: Issue[] = [];
  if (tiers[0] && !tiers[0].from.isZero())
    issues.push({ path: `/${name}/0/from`, message: `first tier starts at ${tiers[0].from}, not 0` });
  tiers.forEach((t, i) => {
    const last = i === tiers.length - 1;
    if (last && t.to !== null) issues.push({ path: `/${name}/${i}/to`, message: 'the last tier must be open (to: null)' });
    if (!last && t.to === null) issues.push({ path: `/${name}/${i}/to`, message: 'only the last tier may be open' });
    if (t.to !== null && t.to.lt(t.from)) issues.push({ path: `/${name}/${i}/to`, message: `to ${t.to} is below from ${t.from}` });
    const prev = tiers[i - 1];
    if (prev?.to && !t.from.eq(prev.to.plus(1)))
      issues.push({ path: `/${name}/${i}/from`, message: `tier starts at ${t.from}, expected ${prev.to.plus(1)} (previous to + 1)` });
  });
  return issues;
}

export function tiersContiguous(t: ComputerSpecialTable): Issue[] {
  return [
    ...chain('salary_deduction_tiers', t.salary_deduction_tiers),
    ...chain('basic_deduction_tiers', t.basic_deduction_tiers),
    ...chain('tax_tiers', t.tax_tiers),
  ];
}
