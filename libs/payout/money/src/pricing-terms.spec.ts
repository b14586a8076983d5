import { describe, expect, it } from '@jest/globals';
import { decimal } from './decimal.js';
import { feeSchedule, type FeeSchedule } from './fee-schedule.js';
import { feeUnits, pricingTermsOf } from './pricing-terms.js';
import { decimalOfUnits, unitsOf } from './scaled-units.js';

const feeOn = (amount: string, schedule: FeeSchedule) =>
  decimalOfUnits(feeUnits(unitsOf(decimal(amount)), pricingTermsOf(decimal(1), schedule)), 6).toFixed(6);

describe(feeUnits.name, () => {
  it('charges the percentage of the amount plus the fixed part', () => {
    expect(feeOn('100', feeSchedule(100, decimal('0.5')))).toBe('1.500000');
    expect(feeOn('101.02', feeSchedule(100))).toBe('1.010200');
  });

  it('rounds the fee half-up to 6 decimals', () => {
    expect(feeOn('0.005', feeSchedule(1))).toBe('0.000001');
    expect(feeOn('0.0049', feeSchedule(1))).toBe('0.000000');
    expect(feeOn('1.234567', feeSchedule(1))).toBe('0.000123');
    expect(feeOn('0.00005', feeSchedule(100))).toBe('0.000001');
    expect(feeOn('0.0000499999', feeSchedule(100))).toBe('0.000000');
  });
});

describe(pricingTermsOf.name, () => {
  it('works a rate and schedule out once and hands the same terms back', () => {
    const rate = decimal('4012.35');
    const schedule = feeSchedule(150, decimal('0.25'));
    const terms = pricingTermsOf(rate, schedule);
    expect(terms).toEqual({ rate: { units: 401235n, scale: 2 }, basisPoints: 150n, fixedFee: 250_000n });
    expect(pricingTermsOf(rate, schedule)).toBe(terms);
    expect(pricingTermsOf(decimal('4012.35'), schedule)).not.toBe(terms);
  });

  it('checks a schedule built without the factory on every use, since it may change', () => {
    const schedule = { basisPoints: 100, fixed: decimal(0) };
    expect(pricingTermsOf(decimal(1), schedule).basisPoints).toBe(100n);
    schedule.basisPoints = 10_000;
    expect(() => pricingTermsOf(decimal(1), schedule)).toThrow(RangeError);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => pricingTermsOf(decimal(0), feeSchedule(0))).toThrow('A rate must be positive, got 0');
  });
});
