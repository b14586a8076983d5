import { describe, expect, it } from '@jest/globals';
import { formatInstant, formatUtcDay } from './time.js';

describe(formatInstant.name, () => {
  const at = '2026-12-06T02:04:52.123Z';

  it('writes an instant in UTC, labelled', () => {
    expect(formatInstant(at, 'UTC')).toBe('2026-12-06 02:04:52 UTC');
  });

  it("writes it in the browser's zone, labelled with that zone", () => {
    expect(formatInstant(at, 'local', { localZone: 'America/Sao_Paulo' })).toBe('2026-12-05 23:04:52 GMT-3');
    expect(formatInstant(at, 'local', { localZone: 'UTC' })).toBe('2026-12-06 02:04:52 UTC');
  });

  it('shows a dash for no time and an unreadable one as it came', () => {
    expect(formatInstant(null, 'UTC')).toBe('—');
    expect(formatInstant('soon', 'UTC')).toBe('soon');
  });
});

describe(formatUtcDay.name, () => {
  it('labels a UTC day', () => {
    expect(formatUtcDay('2026-12-06')).toBe('2026-12-06 UTC');
  });
});
