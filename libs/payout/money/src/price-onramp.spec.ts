import { describe, expect, it } from '@jest/globals';
import { AmountBelowFeeError } from './amount-below-fee.error.js';
import { decimal } from './decimal.js';
import { feeSchedule } from './fee-schedule.js';
import type { FiatCurrency } from './fiat-currency.js';
import { InvalidAmountError } from './invalid-amount.error.js';
import { priceOnramp } from './price-onramp.js';

const onramp = (
  fiatCurrency: FiatCurrency,
  fiatAmount: string,
  rate: string,
  basisPoints = 0,
  fixed = '0',
) => {
  const price = priceOnramp({
    fiatAmount: decimal(fiatAmount),
    fiatCurrency,
    rate: decimal(rate),
    fee: feeSchedule(basisPoints, decimal(fixed)),
  });
  return { gross: price.gross.toFixed(6), fee: price.fee.toFixed(6), value: price.value.toFixed(6) };
};

describe(priceOnramp.name, () => {
  it('prices 400000 COP at 4000 with 100 bps: gross 100, fee 1, value 99', () => {
    expect(onramp('COP', '400000', '4000', 100)).toEqual({
      gross: '100.000000',
      fee: '1.000000',
      value: '99.000000',
    });
  });

  it('rounds the crypto bought down and the fee half-up', () => {
    // 100000 / 4012.35 = 24.92305008…; fee 24.923050 × 0.015 + 0.25 = 0.62384575 → 0.623846.
    expect(onramp('COP', '100000', '4012.35', 150, '0.25')).toEqual({
      gross: '24.923050',
      fee: '0.623846',
      value: '24.299204',
    });
  });

  it('takes the fee on the rounded gross so a larger payment never buys less', () => {
    // At 3000 bps, 0.0000017 × 0.3 = 0.00000051 rounds up to a whole 0.000001 while 0.0000016 × 0.3
    // rounds to nothing: taken on the unrounded gross, 0.17 BRL would buy 0 and 0.16 BRL 0.000001.
    expect(onramp('BRL', '0.16', '100000', 3000).value).toBe('0.000001');
    expect(onramp('BRL', '0.17', '100000', 3000).value).toBe('0.000001');
  });

  it('refuses a payment the fee eats entirely', () => {
    // 1 COP at 4000 buys 0.00025, less than the 0.5 fixed fee.
    expect(() => onramp('COP', '1', '4000', 0, '0.5')).toThrow(AmountBelowFeeError);
    // 1 COP at 10^7 buys 0.0000001, which rounds down to nothing.
    expect(() => onramp('COP', '1', '10000000')).toThrow(AmountBelowFeeError);
  });

  it('refuses fractional pesos and non-positive payments', () => {
    expect(() => onramp('COP', '1000.5', '4000')).toThrow(InvalidAmountError);
    expect(() => onramp('BRL', '0', '5')).toThrow(InvalidAmountError);
  });
});
