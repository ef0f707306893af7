/**
 * A table selected by premium month (effective_date_basis: premium_month) starts on the first day of a
 * month and, if closed, ends on the last day of one: premiums are per month (保険料は月単位), so a table
 * starting mid-month would give one payment of the month the old rate and the next the new one.
 * Tables selected by payment date may start on any day (a law in force from a given date). The same holds
 * for a rule version whose date_basis is premium_month (`what`: 'rule', checked by the rule loader).
 */
import { addDays } from '../../../util/dates.ts';
import type { Issue } from './issue.ts';

export function datesMatchBasis(
  raw: { effective_date_basis?: unknown; effective_from?: unknown; effective_to?: unknown },
  what: 'table' | 'rule' = 'table',
): Issue[] {
  if (raw.effective_date_basis !== 'premium_month') return [];
  const issues: Issue[] = [];
  if (typeof raw.effective_from === 'string' && !raw.effective_from.endsWith('-01')) {
    issues.push({
      path: '/effective_from',
      message: `${raw.effective_from} is not the first day of a month; a premium_month ${what} starts with a whole premium month`,
    });
  }
  if (typeof raw.effective_to === 'string' && !addDays(raw.effective_to, 1).endsWith('-01')) {
    issues.push({
      path: '/effective_to',
      message: `${raw.effective_to} is not the last day of a month; a premium_month ${what} ends with a whole premium month`,
    });
  }
  return issues;
}
