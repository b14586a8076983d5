import { describe, expect, it } from '@jest/globals';
import { decimal } from './decimal.js';
import { feeOn, feeSchedule, FeeType, feeTypeOf } from './fee-schedule.js';

describe(feeTypeOf.name, () => {
  it('names the schedule by which parts are non-zero', () => {
    expect(feeTypeOf(feeSchedule(0))).toBe(FeeType.None);
    expect(feeTypeOf(feeSchedule(0, decimal('0.000000')))).toBe(FeeType.None);
    expect(feeTypeOf(feeSchedule(150))).toBe(FeeType.Percentage);
    expect(feeTypeOf(feeSchedule(0, decimal('0.5')))).toBe(FeeType.Fixed);
    expect(feeTypeOf(feeSchedule(150, decimal('0.5')))).toBe(FeeType.Combined);
  });
});

describe(feeSchedule.name, () => {
  it.each([-1, 1.5, 10_000, NaN])('refuses %p basis points', (basisPoints) => {
    expect(() => feeSchedule(basisPoints)).toThrow(RangeError);
  });

  it('refuses a negative fixed fee and one finer than the fee grid', () => {
    expect(() => feeSchedule(0, decimal('-0.01'))).toThrow(RangeError);
    expect(() => feeSchedule(0, decimal('0.0000001'))).toThrow(RangeError);
  });
});

describe(feeOn.name, () => {
  it('charges the percentage of the amount plus the fixed part', () => {
    expect(feeOn(decimal(100), feeSchedule(100, decimal('0.5'))).toFixed(6)).toBe('1.500000');
    expect(feeOn(decimal('101.02'), feeSchedule(100)).toFixed(6)).toBe('1.010200');
  });

  it('rounds the fee half-up to 6 decimals', () => {
    expect(feeOn(decimal('0.005'), feeSchedule(1)).toFixed(6)).toBe('0.000001');
    expect(feeOn(decimal('0.0049'), feeSchedule(1)).toFixed(6)).toBe('0.000000');
    expect(feeOn(decimal('1.234567'), feeSchedule(1)).toFixed(6)).toBe('0.000123');
  });

  it('checks a schedule built without the factory', () => {
    expect(() => feeOn(decimal(1), { basisPoints: 10_000, fixed: decimal(0) })).toThrow(RangeError);
  });
});
