import { describe, expect, it } from '@jest/globals';
import { Decimal, decimal } from './decimal.js';
import { decimalOfUnits, dividedRounded, unitsAt, unitsOf } from './scaled-units.js';

describe(dividedRounded.name, () => {
  it('rounds a repeating quotient in each direction', () => {
    expect([dividedRounded(100n, 3n, 'up'), dividedRounded(100n, 3n, 'down')]).toEqual([34n, 33n]);
    expect([dividedRounded(100n, 3n, 'half-up'), dividedRounded(200n, 3n, 'half-up')]).toEqual([33n, 67n]);
    expect(dividedRounded(100n, 8n, 'half-up')).toBe(13n);
  });

  it('leaves a quotient already whole alone', () => {
    expect([dividedRounded(250n, 1n, 'up'), dividedRounded(250n, 1n, 'down')]).toEqual([250n, 250n]);
  });

  it('rounds up however small the excess, and down however close the next unit', () => {
    expect(dividedRounded(10101000000001n, 10n ** 11n, 'up')).toBe(102n);
    expect(dividedRounded(400039999999n, 10n ** 6n, 'down')).toBe(400039n);
  });

  it('refuses a zero divisor and a negative dividend', () => {
    expect(() => dividedRounded(1n, 0n, 'up')).toThrow(RangeError);
    expect(() => dividedRounded(-1n, 3n, 'up')).toThrow(RangeError);
  });
});

describe(unitsOf.name, () => {
  it('keeps every digit, beyond the 40 a division keeps', () => {
    const justAboveOne = decimal(`1.${'0'.repeat(44)}1`);
    expect(justAboveOne.dividedBy(1).toDecimalPlaces(2, Decimal.ROUND_CEIL).toFixed(2)).toBe('1.00');
    expect(unitsOf(justAboveOne)).toEqual({ units: 10n ** 45n + 1n, scale: 45 });
    expect(unitsOf(decimal('1e30'))).toEqual({ units: 10n ** 30n, scale: 0 });
  });

  it('goes back to the same decimal at any finer scale', () => {
    const amount = unitsOf(decimal('101.02'));
    expect(unitsAt(amount, 6)).toBe(101_020_000n);
    expect(decimalOfUnits(unitsAt(amount, 6), 6).toFixed()).toBe('101.02');
    expect(() => unitsAt(amount, 1)).toThrow(RangeError);
  });
});
