/** A version's own dates: effective_to (when set) and known_through are not before effective_from. */
import type { MasterMeta } from '../types.ts';
import type { Issue } from './issue.ts';

export function effectiveRangeOrdered(m: MasterMeta): Issue[] {
  const issues: Issue[] = [];
  if (m.effective_to !== null && m.effective_to < m.effective_from)
    issues.push({ path: '/effective_to', message: `effective_to ${m.effective_to} is before effective_from ${m.effective_from}` });
  if (m.known_through < m.effective_from)
    issues.push({ path: '/known_through', message: `known_through ${m.known_through} is before effective_from ${m.effective_from}` });
  return issues;
}
