import { describe, expect, it } from '@jest/globals';
import { decimal } from './decimal.js';
import { feeSchedule, FeeType, feeTypeOf } from './fee-schedule.js';

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
