import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { toFixedString, toJsonNumber } from './amount-rendering.js';
import { decimal } from './decimal.js';

describe(toJsonNumber.name, () => {
  it('renders rounded amounts as the same number', () => {
    expect(toJsonNumber(decimal('101.02'))).toBe(101.02);
    expect(toJsonNumber(decimal('400039'))).toBe(400039);
    expect(toJsonNumber(decimal('24.299204'))).toBe(24.299204);
  });

  it('renders an amount whose double prints in another notation', () => {
    expect(toJsonNumber(decimal('1e21'))).toBe(1e21);
  });

  it('refuses amounts with more than 6 decimals or more digits than a double keeps', () => {
    expect(() => toJsonNumber(decimal('0.0000001'))).toThrow(RangeError);
    expect(() => toJsonNumber(decimal('12345678901234567.89'))).toThrow(RangeError);
  });

  it('round-trips any 2-decimal amount below 10^13 through JSON', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), (cents) => {
        const amount = decimal(`${cents}e-2`);
        const parsed: unknown = JSON.parse(JSON.stringify({ value: toJsonNumber(amount) }));
        expect(decimal((parsed as { value: number }).value).equals(amount)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe(toFixedString.name, () => {
  it('pads to the requested decimals', () => {
    expect(toFixedString(decimal('0.5'), 6)).toBe('0.500000');
    expect(toFixedString(decimal('1.0102'), 6)).toBe('1.010200');
    expect(toFixedString(decimal(0), 6)).toBe('0.000000');
  });

  it('refuses to round', () => {
    expect(() => toFixedString(decimal('0.0000005'), 6)).toThrow(RangeError);
  });
});
