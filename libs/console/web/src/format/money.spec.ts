import { describe, expect, it } from '@jest/globals';
import { formatCount, formatMoney, formatDecimal } from './money.js';

const en = { locale: 'en-US' };

describe(formatMoney.name, () => {
  it.each([
    ['2500000', 'COP', '2,500,000.00 COP'],
    ['120.5', 'BRL', '120.50 BRL'],
    ['1000000', 'USDC', '1,000,000.00 USDC'],
    ['226.38', 'USDC', '226.38 USDC'],
    ['1.911040', 'USDC', '1.91104 USDC'],
    ['0.000001', 'USDT', '0.000001 USDT'],
  ])('writes %s %s with its minor units, grouped: %s', (amount, currency, shown) => {
    expect(formatMoney(amount, currency, en)).toBe(shown);
  });

  it('is exact beyond a float and never rounds digits away', () => {
    expect(formatMoney('12345678901234567.19', 'BRL', en)).toBe('12,345,678,901,234,567.19 BRL');
    expect(formatMoney('10.125', 'BRL', en)).toBe('10.125 BRL');
    expect(formatMoney('0.1234567', 'USDC', en)).toBe('0.1234567 USDC');
  });

  it("groups as the browser's locale does", () => {
    expect(formatMoney('2500000.5', 'COP', { locale: 'es-CO' })).toBe('2.500.000,50 COP');
    expect(formatMoney('1234.5', 'BRL', { locale: 'pt-BR' })).toBe('1.234,50 BRL');
  });

  it('shows what is not a decimal as it came', () => {
    expect(formatMoney('n/a', 'BRL', en)).toBe('n/a BRL');
  });
});

describe(formatDecimal.name, () => {
  it('keeps every digit of a rate, grouped', () => {
    expect(formatDecimal('5321.123456', en)).toBe('5,321.123456');
    expect(formatDecimal('5.2', en)).toBe('5.2');
  });
});

describe(formatCount.name, () => {
  it('groups a count', () => {
    expect(formatCount(1234567, en)).toBe('1,234,567');
  });
});
