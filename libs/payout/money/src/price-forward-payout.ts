import { Decimal } from './decimal.js';
import { product, roundedQuotient, sum } from './exact-arithmetic.js';
import { assertFeeSchedule, feeOn, type FeeSchedule } from './fee-schedule.js';
import { fiatDecimals, type FiatCurrency } from './fiat-currency.js';
import { conversionRate, requestedAmount } from './pricing-input.js';
import { PAYOUT_CRYPTO_DECIMALS } from './rounding.js';

export interface ForwardPayoutInput {
  // What the recipient must receive, in fiat.
  readonly fiatAmount: Decimal;
  readonly fiatCurrency: FiatCurrency;
  // Fiat units per one unit of the source crypto.
  readonly rate: Decimal;
  readonly fee: FeeSchedule;
}

export interface ForwardPayoutPrice {
  // Crypto the customer sends, fee included, rounded up to PAYOUT_CRYPTO_DECIMALS.
  readonly value: Decimal;
  // Fee charged on `value`, half-up to FEE_DECIMALS; part of `value`, not on top of it.
  readonly fee: Decimal;
}

// The customer chooses what the recipient gets; we work out what to send. With net = fiat / rate
// and b = bps/10000:
// gross = (net + fixed) / (1 − b), rearranged into one exact fraction
// (fiat + fixed × rate) × 10000 / (rate × (10000 − bps)) so that the only rounding is the final one.
export function priceForwardPayout(input: ForwardPayoutInput): ForwardPayoutPrice {
  const fiatAmount = requestedAmount('fiatAmount', input.fiatAmount, fiatDecimals(input.fiatCurrency));
  const rate = conversionRate(input.rate);
  assertFeeSchedule(input.fee);
  const { basisPoints, fixed } = input.fee;

  const numerator = product(sum(fiatAmount, product(fixed, rate)), new Decimal(10_000));
  const denominator = product(rate, new Decimal(10_000 - basisPoints));
  const value = roundedQuotient(numerator, denominator, PAYOUT_CRYPTO_DECIMALS, 'up');
  return { value, fee: feeOn(value, input.fee) };
}
