/** The quota month: the calendar month in Asia/Tokyo (UTC+9, no daylight saving), as YYYY-MM. */
const formatter = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' });

export function tokyoMonth(at: Date): string {
  const parts = Object.fromEntries(formatter.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}`;
}

/** When the quota month of `month` (YYYY-MM) ends: the 1st of the next month, 00:00 Asia/Tokyo, as RFC 3339. */
export function tokyoMonthEnd(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  return `${next}-01T00:00:00+09:00`;
}
