import { describe, expect, it } from '@jest/globals';
import { AmountBelowFeeError } from './amount-below-fee.error.js';
import { decimal } from './decimal.js';
import { feeSchedule } from './fee-schedule.js';
import type { FiatCurrency } from './fiat-currency.js';
import { InvalidAmountError } from './invalid-amount.error.js';
import { priceReversePayout } from './price-reverse-payout.js';

const reverse = (
  fiatCurrency: FiatCurrency,
  sourceAmount: string,
  rate: string,
  basisPoints = 0,
  fixed = '0',
) =>
  priceReversePayout({
    sourceAmount: decimal(sourceAmount),
    fiatCurrency,
    rate: decimal(rate),
    fee: feeSchedule(basisPoints, decimal(fixed)),
  });

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe(priceReversePayout.name, () => {
  it('prices 101.02 USDC at 4000 COP with 100 bps: fee 1.010200, 100.0098 × 4000 = 400039.2 → 400039', () => {
    const price = reverse('COP', '101.02', '4000', 100);
    expect(price.fee.toFixed(6)).toBe('1.010200');
    expect(price.value.toFixed(0)).toBe('400039');
  });

  it('rounds the fiat received down to the currency decimals', () => {
    expect(reverse('BRL', '100', '5.43219').value.toFixed(2)).toBe('543.21');
    expect(reverse('COP', '1', '4012.99').value.toFixed(0)).toBe('4012');
  });

  it('takes a fixed fee and a percentage from the amount sent', () => {
    const price = reverse('BRL', '100', '5', 250, '1');
    expect(price.fee.toFixed(6)).toBe('3.500000');
    expect(price.value.toFixed(2)).toBe('482.50');
  });

  it('refuses an amount the fee eats entirely', () => {
    expect(() => reverse('COP', '0.5', '4000', 0, '0.5')).toThrow(AmountBelowFeeError);
    const error = thrownBy(() => reverse('COP', '0.4', '4000', 0, '0.5'));
    expect(error).toBeInstanceOf(AmountBelowFeeError);
    expect(error).toMatchObject({ amount: decimal('0.4'), fee: decimal('0.5') });
  });

  it('refuses an amount whose remainder is worth less than one minor unit', () => {
    // 0.0001 USDC × 4000 = 0.4 COP, which rounds down to nothing.
    expect(() => reverse('COP', '0.0001', '4000')).toThrow(AmountBelowFeeError);
  });

  it('refuses a source amount finer than the 6-decimal fee grid', () => {
    expect(() => reverse('COP', '1.0000001', '4000')).toThrow(InvalidAmountError);
    expect(() => reverse('COP', '0', '4000')).toThrow(InvalidAmountError);
  });
});
