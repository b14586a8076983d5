import { describe, expect, it } from '@jest/globals';
import { isCalendarDate, utcDaysEndingToday } from './calendar-date.js';

describe('isCalendarDate', () => {
  it('takes every real day of the years 0000 to 9999, times included', () => {
    for (const text of [
      '0070-04-21T18:58:53Z',
      '0000-01-01',
      '0004-02-29',
      '2024-02-29T00:00:00+05:30',
      '9999-12-31',
    ])
      expect(isCalendarDate(text)).toBe(true);
  });

  it('refuses days that do not exist and text that is not a calendar date', () => {
    for (const text of [
      '0100-02-29',
      '2023-02-29',
      '1990-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-W05',
      'tomorrow',
      '2026-01-01T99:99Z',
    ])
      expect(isCalendarDate(text)).toBe(false);
  });
});

describe(utcDaysEndingToday.name, () => {
  it('starts the window at midnight UTC, days − 1 days before today', () => {
    const now = new Date('2026-11-27T23:59:59.999Z');

    expect(utcDaysEndingToday(now, 1).toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(utcDaysEndingToday(now, 14).toISOString()).toBe('2026-11-14T00:00:00.000Z');
  });
});
