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

/** The number a run of ASCII digits of `s` spells (from index `from` to `to`), read without slicing. */
export function digitsAt(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + s.charCodeAt(i) - 48;
  return n;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The days of a month (1-12) of a year in the Gregorian calendar, as Date counts them. */
export function daysInMonth(year: number, month: number): number {
  if (month !== 2) return MONTH_DAYS[month - 1];
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/**
 * Whole days from `from` to `to`, two dates isIsoDate accepted (by the digits, not Date.parse: the
 * period check of every monthly request asks this once).
 */
export function daysBetween(from: string, to: string): number {
  return (epochMs(to) - epochMs(from)) / 86_400_000;
}

/** Milliseconds since 1970 of an ISO date's midnight UTC, as Date.parse gives them. */
function epochMs(d: string): number {
  const year = digitsAt(d, 0, 4);
  // Date.UTC reads a year below 100 as 19xx: such a date is parsed instead
  return year < 100 ? Date.parse(d) : Date.UTC(year, digitsAt(d, 5, 7) - 1, digitsAt(d, 8, 10));
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
