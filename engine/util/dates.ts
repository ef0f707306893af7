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
function digitsAt(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + s.charCodeAt(i) - 48;
  return n;
}

/**
 * Whole days from `from` to `to`, two dates isIsoDate accepted (Date.parse of each cost ~80 ns; the
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

/** The instants toISOString writes with a four-digit year: 0000-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z. */
const FIRST_FOUR_DIGIT_MS = -62_167_219_200_000;
const LAST_FOUR_DIGIT_MS = 253_402_300_799_999;
const DAY_MS = 86_400_000;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * new Date(ms).toISOString() for an instant with a four-digit year (undefined for any other, and for
 * NaN): the UTC calendar date by Howard Hinnant's days-to-civil algorithm, the time by division. Why:
 * V8's toISOString costs microseconds a call (~1-4 µs here), and the engine stamps every result with
 * the millisecond it was made in, a new one for nearly every calculation of a busy server.
 */
export function isoTimestampOf(ms: number): string | undefined {
  if (!(ms >= FIRST_FOUR_DIGIT_MS && ms <= LAST_FOUR_DIGIT_MS) || !Number.isInteger(ms)) return undefined;
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  // days since 1970-01-01 -> year, month, day (proleptic Gregorian; eras of 400 years from 0000-03-01)
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153); // 0 = March
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(rest - seconds * 1000, 3)}Z`;
}
