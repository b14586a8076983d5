import { describe, expect, it } from '@jest/globals';
import { decimal } from './decimal.js';
import { feeSchedule } from './fee-schedule.js';
import { InvalidAmountError } from './invalid-amount.error.js';
import { priceForwardPayout, type ForwardPayoutPrice } from './price-forward-payout.js';

const cop = (fiatAmount: string, rate: string, basisPoints = 0, fixed = '0') =>
  priceForwardPayout({
    fiatAmount: decimal(fiatAmount),
    fiatCurrency: 'COP',
    rate: decimal(rate),
    fee: feeSchedule(basisPoints, decimal(fixed)),
  });

const rendered = ({ value, fee }: ForwardPayoutPrice) => ({ value: value.toFixed(2), fee: fee.toFixed(6) });

describe(priceForwardPayout.name, () => {
  it('prices 400000 COP at 4000 with 100 bps: net 100, gross 101.0101…, value 101.02, fee 1.010200', () => {
    expect(rendered(cop('400000', '4000', 100))).toEqual({ value: '101.02', fee: '1.010200' });
  });

  it('charges nothing without a fee', () => {
    expect(rendered(cop('400000', '4000'))).toEqual({ value: '100.00', fee: '0.000000' });
  });

  it('adds a fixed fee as is', () => {
    expect(rendered(cop('400000', '4000', 0, '0.5'))).toEqual({ value: '100.50', fee: '0.500000' });
  });

  it('grosses up a combined fee: (100 + 0.5) / 0.99 = 101.5151… sends 101.52', () => {
    expect(rendered(cop('400000', '4000', 100, '0.5'))).toEqual({ value: '101.52', fee: '1.515200' });
  });

  it('rounds what the customer sends up, never to the nearest', () => {
    // 10 / 3 = 3.3333…: 3.33 would leave the recipient short.
    const price = priceForwardPayout({
      fiatAmount: decimal('10.00'),
      fiatCurrency: 'BRL',
      rate: decimal(3),
      fee: feeSchedule(0),
    });
    expect(price.value.toFixed(2)).toBe('3.34');
  });

  it('works at a realistic rate', () => {
    // net = 1000000 / 4012.35 = 249.2305…, gross = (net + 0.25) / 0.985 = 253.2796…
    const price = cop('1000000', '4012.35', 150, '0.25');
    expect(rendered(price)).toEqual({ value: '253.28', fee: '4.049200' });
    expect(price.value.minus(price.fee).times('4012.35').gte(1_000_000)).toBe(true);
  });

  it('accepts centavos for BRL and refuses finer amounts or fractional pesos', () => {
    const brl = (fiatAmount: string) => () =>
      priceForwardPayout({
        fiatAmount: decimal(fiatAmount),
        fiatCurrency: 'BRL',
        rate: decimal('5.4'),
        fee: feeSchedule(0),
      });
    expect(brl('10.05')).not.toThrow();
    expect(brl('10.005')).toThrow(InvalidAmountError);
    expect(() => cop('100.5', '4000')).toThrow(InvalidAmountError);
  });

  it('refuses a non-positive amount as a bad request and a non-positive rate as a fault', () => {
    expect(() => cop('0', '4000')).toThrow(InvalidAmountError);
    expect(() => cop('-1', '4000')).toThrow(InvalidAmountError);
    expect(() => cop('100', '0')).toThrow(RangeError);
  });
});
