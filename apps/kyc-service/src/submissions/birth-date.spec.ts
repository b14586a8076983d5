import { describe, expect, it } from '@jest/globals';
import { birthDateBefore } from './birth-date.js';

const today = new Date('2026-03-15T10:00:00Z');

describe(birthDateBefore.name, () => {
  it.each([
    ['1990-04-23', '1990-04-23'],
    ['2026-03-14', '2026-03-14'],
    ['1990-04-23T23:30:00-05:00', '1990-04-23'],
  ])('keeps the calendar date of %s', (given, calendarDate) => {
    expect(birthDateBefore(today, given)).toBe(calendarDate);
  });

  it.each(['2026-03-15', '2026-03-15T00:00:00Z', '2026-03-16', '2999-01-01'])('refuses %s', (given) => {
    expect(() => birthDateBefore(today, given)).toThrow('dateOfBirth must be a date in the past');
  });
});
