const LEADING_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

// Whether an ISO 8601 date (YYYY-MM-DD, then perhaps a time) names a day that exists, for every
// year from 0000 to 9999, and JavaScript can read it whole. validator's strict ISO 8601 check
// refuses every date before the year 100 (it reads such years as 19xx), which RFC 3339 and JSON
// Schema allow.
export function isCalendarDate(text: string): boolean {
  const match = LEADING_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const exists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists && !Number.isNaN(Date.parse(text));
}

const DAY_MS = 86_400_000;

// The start of a window of `days` whole UTC days that ends with `now`'s day (today included).
export function utcDaysEndingToday(now: Date, days: number): Date {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return new Date(today - (days - 1) * DAY_MS);
}
