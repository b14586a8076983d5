import { describe, expect, it } from '@jest/globals';
import { decimal, Decimal, decimalPlacesOf } from './decimal.js';
import { InvalidAmountError } from './invalid-amount.error.js';

describe(decimal.name, () => {
  it('reads a number through its shortest text, so 0.1 is exactly one tenth', () => {
    expect(decimal(0.1).plus(decimal(0.2)).toString()).toBe('0.3');
    expect(decimal(1e21).toString()).toBe('1000000000000000000000');
    expect(decimal(-1e-7).toString()).toBe('-0.0000001');
  });

  it('keeps every digit of a long decimal string', () => {
    const text = '123456789012345678.901234567890123456';
    expect(decimal(text).toFixed()).toBe(text);
  });

  it('never renders in exponential notation', () => {
    expect(decimal('1e-30').toString()).toBe(`0.${'0'.repeat(29)}1`);
    expect(decimal('1e45').toString()).toBe(`1${'0'.repeat(45)}`);
  });

  it.each([NaN, Infinity, -Infinity])('rejects the number %p', (value) => {
    expect(() => decimal(value)).toThrow(InvalidAmountError);
  });

  it.each([
    '',
    ' 1',
    '1 ',
    'abc',
    '1,5',
    '1.',
    '.5',
    '+1',
    '1e',
    '0x1f',
    '0b101',
    'NaN',
    'Infinity',
    '1e99999999999999999',
  ])('rejects the string %p', (value) => {
    expect(() => decimal(value)).toThrow(InvalidAmountError);
  });

  it('divides to 40 significant digits', () => {
    expect(new Decimal(1).dividedBy(3).toString()).toBe(`0.${'3'.repeat(40)}`);
  });
});

describe(decimalPlacesOf.name, () => {
  it('counts the decimals decimal() reads, in either notation', () => {
    for (const value of [0, 400000, 101.02, 0.1, -2.5, 1e-7, 1.5e-7, 5e-324, 1e21, 1.25e21]) {
      expect(decimalPlacesOf(value)).toBe(decimal(value).decimalPlaces());
    }
    expect(decimalPlacesOf(101.02)).toBe(2);
    expect(decimalPlacesOf(1.5e-7)).toBe(8);
  });
});
