/** A version's own dates: effective_to (when set) is not before effective_from. */
import type { MasterMeta } from '../types.ts';
import type { Issue } from './issue.ts';

export function effectiveRangeOrdered(m: MasterMeta): Issue[] {
  return m.effective_to !== null && m.effective_to < m.effective_from
    ? [{ path: '/effective_to', message: `effective_to ${m.effective_to} is before effective_from ${m.effective_from}` }]
    : [];
}
