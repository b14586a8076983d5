import type { TimeZoneChoice } from './time.js';

// Days picked in a form (yyyy-mm-dd) as the instants the API filters by: from the first day's
// first instant to the instant after the last day, in the zone the person reads times in, so a
// range means the days they see on the page.
export function dayRange(
  from: string,
  to: string,
  zone: TimeZoneChoice,
): { readonly from?: string; readonly to?: string } {
  return {
    ...(from && { from: startOfDay(from, zone) }),
    ...(to && { to: startOfDay(to, zone, 1) }),
  };
}

// Said in the form, before anything is asked of the API; yyyy-mm-dd compare as the dates they are.
export const reversedRangeRefusal = (from: string, to: string): string | null =>
  from && to && from > to
    ? 'The “From” date is after the “To” date: pick a range that starts before it ends.'
    : null;

function startOfDay(day: string, zone: TimeZoneChoice, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const instant =
    zone === 'UTC'
      ? new Date(Date.UTC(year, month - 1, date + plusDays))
      : new Date(year, month - 1, date + plusDays);
  return instant.toISOString();
}
