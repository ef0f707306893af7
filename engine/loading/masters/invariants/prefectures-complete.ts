/**
 * An association (kyokai) rate version covers all 47 prefectures: codes "01".."47", each once, and the
 * record id is kyokai-<code> so the engine can find a prefecture's table by id. The codes and ids are
 * checked per file (prefectureRecordsValid); completeness on the version as resolved, after a file with
 * inherit_unchanged_records has taken the unlisted prefectures from the previous version (prefecturesComplete).
 */
import type { SocialInsuranceRateRecord } from '../types.ts';
import type { Issue } from './issue.ts';

const CODES = Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0'));

export function prefectureRecordsValid(records: SocialInsuranceRateRecord[]): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  records.forEach((r, i) => {
    const code = r.prefecture_code ?? '';
    if (!CODES.includes(code)) issues.push({ path: `/records/${i}/prefecture_code`, message: `"${code}" is not a prefecture code 01..47` });
    else if (seen.has(code)) issues.push({ path: `/records/${i}/prefecture_code`, message: `prefecture ${code} appears twice` });
    seen.add(code);
    if (r.id !== `kyokai-${code}`) issues.push({ path: `/records/${i}/id`, message: `id "${r.id}" should be "kyokai-${code}"` });
  });
  return issues;
}

/** `inherited`: the file lists only changed prefectures, the rest came from the previous version. */
export function prefecturesComplete(records: SocialInsuranceRateRecord[], inherited: boolean): Issue[] {
  const seen = new Set(records.map((r) => r.prefecture_code));
  const missing = CODES.filter((c) => !seen.has(c));
  if (!missing.length) return [];
  const how = inherited ? ' after inheriting the unlisted prefectures from the previous version' : '';
  return [{ path: '/records', message: `${seen.size} prefectures${how}, expected 47; missing ${missing.join(', ')}` }];
}
