import { describe, expect, it } from '@jest/globals';
import { decimal } from './decimal.js';
import { roundAmount } from './rounding.js';

const round = (text: string, decimals: number, direction: 'up' | 'down' | 'half-up') =>
  roundAmount(decimal(text), decimals, direction).toFixed(decimals);

describe(roundAmount.name, () => {
  it('rounds what the customer sends up, however small the excess', () => {
    expect(round('101.0100000001', 2, 'up')).toBe('101.02');
    expect(round('101.01', 2, 'up')).toBe('101.01');
  });

  it('rounds what the customer or recipient receives down, however close to the next unit', () => {
    expect(round('400039.999999', 0, 'down')).toBe('400039');
    expect(round('543.2199', 2, 'down')).toBe('543.21');
    expect(round('24.9230509', 6, 'down')).toBe('24.923050');
  });

  it('rounds fees half-up', () => {
    expect(round('0.0000005', 6, 'half-up')).toBe('0.000001');
    expect(round('0.00000049999', 6, 'half-up')).toBe('0.000000');
    expect(round('1.0102', 6, 'half-up')).toBe('1.010200');
  });
});
