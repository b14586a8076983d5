// Zulip renders datetimes with Python's isoformat(): microseconds and an explicit UTC offset,
// `2026-11-23T20:45:00.123000+00:00`.
export function pythonIsoformat(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

// Python's str() of a UTC datetime: a space between date and time, microseconds only when
// there are some (`2026-11-23 20:45:00+00:00`).
export function pythonDatetimeText(date: Date): string {
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.000Z$/, '+00:00')
    .replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
