// Every time the console shows is one format, `2026-12-06 14:04:52 UTC`, always with its zone:
// year first reads the same in every locale and sorts as it reads. A person picks UTC or their
// browser's own zone (time-zone-choice.ts); days the API groups by (`2026-12-06`) are UTC days
// and are shown as they are.

export type TimeZoneChoice = 'UTC' | 'local';

export interface TimeOptions {
  // The browser's zone unless a test names one.
  readonly localZone?: string;
}

// An ISO instant in the chosen zone, labelled with it; a dash for none.
export function formatInstant(iso: string | null, zone: TimeZoneChoice, options: TimeOptions = {}): string {
  if (!iso) return '—';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  // en-US only supplies the digits' order here (rebuilt below) and the zone's short name.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone === 'UTC' ? 'UTC' : options.localZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((found) => found.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')} ${part('timeZoneName')}`;
}

// A day the API groups by (a UTC day): the date format every time uses, with its zone.
export const formatUtcDay = (day: string) => `${day} UTC`;
