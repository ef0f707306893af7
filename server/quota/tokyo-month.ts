/** The quota month: the calendar month in Asia/Tokyo (UTC+9, no daylight saving), as YYYY-MM. */
const formatter = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' });

export function tokyoMonth(at: Date): string {
  const parts = Object.fromEntries(formatter.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}`;
}
