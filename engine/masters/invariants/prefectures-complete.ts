/**
 * An association (kyokai) rate version covers all 47 prefectures: codes "01".."47", each once, and the
 * record id is kyokai-<code> so the engine can find a prefecture's table by id.
 */
import type { SocialInsuranceRateRecord } from '../types.ts';
import type { Issue } from './issue.ts';

const CODES = Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0'));

export function prefecturesComplete(records: SocialInsuranceRateRecord[]): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  records.forEach((r, i) => {
    const code = r.prefecture_code ?? '';
    if (!CODES.includes(code)) issues.push({ path: `/records/${i}/prefecture_code`, message: `"${code}" is not a prefecture code 01..47` });
    else if (seen.has(code)) issues.push({ path: `/records/${i}/prefecture_code`, message: `prefecture ${code} appears twice` });
    seen.add(code);
    if (r.id !== `kyokai-${code}`) issues.push({ path: `/records/${i}/id`, message: `id "${r.id}" should be "kyokai-${code}"` });
  });
  const missing = CODES.filter((c) => !seen.has(c));
  if (missing.length) issues.push({ path: '/records', message: `${records.length} prefectures, expected 47; missing ${missing.join(', ')}` });
  return issues;
}
