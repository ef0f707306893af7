/**
 * 算出率の表: an imported table has 甲 columns for exactly 0..7 dependents in order and a 乙 column; every
 * column's bands start at 0, are contiguous, ascend in rate, and only the last is open. A not_imported
 * table has no bands and says why.
 */
import type { BonusRateBand, BonusTaxTable } from '../types.ts';
import type { Issue } from './issue.ts';

function column(path: string, bands: BonusRateBand[]): Issue[] {
  const issues: Issue[] = [];
  if (bands[0] && !bands[0].lower.isZero()) issues.push({ path: `${path}/0/0`, message: `first band starts at ${bands[0].lower}, not 0` });
  bands.forEach((b, i) => {
    const last = i === bands.length - 1;
    if (last && b.upper !== null) issues.push({ path: `${path}/${i}/1`, message: 'the last band must be open (null)' });
    if (!last && b.upper === null) issues.push({ path: `${path}/${i}/1`, message: 'only the last band may be open' });
    if (b.upper !== null && !b.lower.lt(b.upper))
      issues.push({ path: `${path}/${i}/1`, message: `upper ${b.upper} is not above lower ${b.lower}` });
    const prev = bands[i - 1];
    if (prev?.upper && !b.lower.eq(prev.upper))
      issues.push({ path: `${path}/${i}/0`, message: `band starts at ${b.lower} but the previous band ends at ${prev.upper}` });
    if (prev && b.rate.lt(prev.rate))
      issues.push({ path: `${path}/${i}/2`, message: `rate ${b.rate} is below the previous band's ${prev.rate}` });
  });
  return issues;
}

/** `dependents` as written in the file (the record only keeps the order). */
export function bonusBandsContiguous(t: BonusTaxTable, dependentsInFile: (number | undefined)[]): Issue[] {
  if (t.status === 'not_imported') {
    const issues: Issue[] = [];
    if (t.kou !== null) issues.push({ path: '/kou', message: 'a not_imported table has no bands (kou: null)' });
    if (t.otsu !== null) issues.push({ path: '/otsu', message: 'a not_imported table has no bands (otsu: null)' });
    if (!t.missing_reason) issues.push({ path: '/missing_reason', message: 'a not_imported table must say what is missing' });
    return issues;
  }
  const issues: Issue[] = [];
  if (t.kou === null) return [{ path: '/kou', message: 'an imported table needs 甲 bands' }];
  if (t.otsu === null) issues.push({ path: '/otsu', message: 'an imported table needs 乙 bands' });
  if (t.kou.length !== 8) issues.push({ path: '/kou', message: `expected 甲 columns for 0..7 dependents, found ${t.kou.length}` });
  dependentsInFile.forEach((d, i) => {
    if (d !== i) issues.push({ path: `/kou/${i}/dependents`, message: `column ${i} must be for ${i} dependents, not ${d}` });
  });
  t.kou.forEach((bands, d) => issues.push(...column(`/kou/${d}/bands`, bands)));
  if (t.otsu) issues.push(...column('/otsu', t.otsu));
  return issues;
}
