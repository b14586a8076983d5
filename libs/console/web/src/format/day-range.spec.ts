import { describe, expect, it } from '@jest/globals';
import { dayRange, reversedRangeRefusal } from './day-range.js';

describe(dayRange.name, () => {
  it('reads UTC days from midnight to the next midnight', () => {
    expect(dayRange('2026-12-01', '2026-12-31', 'UTC')).toEqual({
      from: '2026-12-01T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
    });
  });

  it("reads local days in the browser's zone", () => {
    const { from, to } = dayRange('2026-12-06', '2026-12-06', 'local');
    expect(new Date(from!).getHours()).toBe(0);
    expect(new Date(to!).getTime() - new Date(from!).getTime()).toBe(24 * 3600 * 1000);
  });

  it('leaves an open end out', () => {
    expect(dayRange('', '2026-12-06', 'UTC')).toEqual({ to: '2026-12-07T00:00:00.000Z' });
    expect(dayRange('', '', 'UTC')).toEqual({});
  });
});

describe(reversedRangeRefusal.name, () => {
  it('refuses a range that ends before it starts, in words', () => {
    expect(reversedRangeRefusal('2026-12-07', '2026-12-06')).toMatch(
      /^The “From” date is after the “To” date/,
    );
    expect(reversedRangeRefusal('2026-12-06', '2026-12-06')).toBeNull();
    expect(reversedRangeRefusal('2026-12-06', '')).toBeNull();
  });
});
