/**
 * The quota month: the calendar month in Asia/Tokyo, as YYYY-MM. Japan Standard Time is UTC+9 without
 * daylight saving (none since September 1951), so the month is read from the instant shifted by nine
 * hours, by arithmetic. An Intl.DateTimeFormat with the time zone gave the same months, but it loaded
 * ICU's time-zone data when made (a pause at the first API request) and made parts objects per request;
 * test/api/tokyo-month.test.ts holds the two to the same answer over two centuries of instants.
 */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

export function tokyoMonth(at: Date): string {
  const ms = at.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value'); // as Intl's format of an invalid Date
  const jst = new Date(ms + JST_OFFSET_MS);
  const month = jst.getUTCMonth() + 1;
  return `${jst.getUTCFullYear()}-${month < 10 ? '0' : ''}${month}`;
}

/** When the quota month of `month` (YYYY-MM) ends: the 1st of the next month, 00:00 Asia/Tokyo, as RFC 3339. */
export function tokyoMonthEnd(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  return `${next}-01T00:00:00+09:00`;
}
