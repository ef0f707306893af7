/**
 * The versions of one table (kind, id), ordered by effective_from: no overlap, no gap (effective_to + 1 day
 * is the next effective_from), and exactly one open-ended version, the last. That way every date from the
 * first version on resolves to exactly one version (decisions.md section 5). All versions declare the same
 * effective_date_basis: the resolver reads it to know which date (payment date or premium month) chooses
 * among them, so a version with another basis would be chosen by the wrong date.
 */
import type { MasterMeta } from '../types.ts';
import type { Issue } from './issue.ts';

export interface VersionIssue extends Issue {
  file: string;
}

export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function versionsContinuous(versions: MasterMeta[]): VersionIssue[] {
  const issues: VersionIssue[] = [];
  const sorted = [...versions].sort((a, b) => (a.effective_from < b.effective_from ? -1 : a.effective_from > b.effective_from ? 1 : 0));
  sorted.forEach((v, i) => {
    const next = sorted[i + 1];
    const dup = sorted.findIndex((o) => o.version === v.version);
    if (dup !== i) issues.push({ file: v.file, path: '/version', message: `version "${v.version}" also in ${sorted[dup].file}` });
    if (v.effective_date_basis !== sorted[0].effective_date_basis) {
      issues.push({
        file: v.file,
        path: '/effective_date_basis',
        message: `${v.effective_date_basis}, but ${sorted[0].file} (version ${sorted[0].version}) declares ${sorted[0].effective_date_basis}: all versions of a table are chosen by one date basis`,
      });
    }
    if (!next) {
      if (v.effective_to !== null)
        issues.push({
          file: v.file,
          path: '/effective_to',
          message: 'the newest version must be open-ended (effective_to: null) until a newer one is imported',
        });
      return;
    }
    if (v.effective_to === null) {
      issues.push({
        file: v.file,
        path: '/effective_to',
        message: `open-ended, but a later version starts ${next.effective_from} (${next.file})`,
      });
    } else if (v.effective_to >= next.effective_from) {
      issues.push({
        file: next.file,
        path: '/effective_from',
        message: `overlaps ${v.file} (version ${v.version}, effective_to ${v.effective_to})`,
      });
    } else if (nextDay(v.effective_to) !== next.effective_from) {
      issues.push({
        file: next.file,
        path: '/effective_from',
        message: `gap after ${v.file} (version ${v.version}, effective_to ${v.effective_to}): expected ${nextDay(v.effective_to)}`,
      });
    }
  });
  return issues;
}
