/** Calendar arithmetic on ISO dates (YYYY-MM-DD) in UTC, so no local time zone can shift a day. */

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** First day of the month `months` months from the month of `date` (negative goes back). */
export function firstOfMonth(date: string, months = 0): string {
  const [y, m] = date.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return d.toISOString().slice(0, 10);
}

/** Strings already judged by isIsoDate (requests repeat a handful of dates); bounded, then started afresh. */
const isoDateVerdicts = new Map<string, boolean>();
const MAX_VERDICTS = 4096;

export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const known = isoDateVerdicts.get(s);
  if (known !== undefined) return known;
  const verdict = checkIsoDate(s);
  if (isoDateVerdicts.size >= MAX_VERDICTS) isoDateVerdicts.clear();
  isoDateVerdicts.set(s, verdict);
  return verdict;
}

function checkIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** effective_from <= date <= effective_to (null = open-ended); ISO dates compare as strings. */
export function inForce(v: { effective_from: string; effective_to: string | null }, date: string): boolean {
  return v.effective_from <= date && (v.effective_to === null || date <= v.effective_to);
}
