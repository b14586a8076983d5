import { describe, expect, it } from '@jest/globals';
import { Decimal, decimal } from './decimal.js';
import { product, roundedQuotient, sum } from './exact-arithmetic.js';

describe(roundedQuotient.name, () => {
  it('rounds a repeating quotient in each direction', () => {
    const third = (direction: 'up' | 'down' | 'half-up') =>
      roundedQuotient(decimal(1), decimal(3), 2, direction).toFixed(2);
    expect([third('up'), third('down'), third('half-up')]).toEqual(['0.34', '0.33', '0.33']);
    expect(roundedQuotient(decimal(2), decimal(3), 2, 'half-up').toFixed(2)).toBe('0.67');
    expect(roundedQuotient(decimal(1), decimal(8), 2, 'half-up').toFixed(2)).toBe('0.13');
  });

  it('leaves a quotient already on the grid alone', () => {
    expect(roundedQuotient(decimal(10), decimal(4), 2, 'up').toFixed(2)).toBe('2.50');
    expect(roundedQuotient(decimal(10), decimal(4), 2, 'down').toFixed(2)).toBe('2.50');
  });

  it('sees an excess beyond the 40 digits a division keeps', () => {
    const justAboveOne = decimal(`1.${'0'.repeat(44)}1`);
    expect(justAboveOne.dividedBy(1).toDecimalPlaces(2, Decimal.ROUND_CEIL).toFixed(2)).toBe('1.00');
    expect(roundedQuotient(justAboveOne, decimal(1), 2, 'up').toFixed(2)).toBe('1.01');
  });

  it('refuses a zero denominator', () => {
    expect(() => roundedQuotient(decimal(1), decimal(0), 2, 'up')).toThrow(RangeError);
  });
});

describe('sum and product', () => {
  it('keep every digit where the configured precision would round', () => {
    const a = '123456789012345678901234567890.123456789';
    const b = '987654321098765432109876543210.987654321';
    const expected = BigInt(a.replace('.', '')) * BigInt(b.replace('.', ''));
    expect(product(decimal(a), decimal(b)).toFixed(18)).toBe(
      `${expected / 10n ** 18n}.${(expected % 10n ** 18n).toString().padStart(18, '0')}`,
    );
    expect(sum(decimal('1e30'), decimal('1e-30')).toFixed()).toBe(`1${'0'.repeat(30)}.${'0'.repeat(29)}1`);
  });
});
